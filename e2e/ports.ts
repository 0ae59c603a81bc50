/** Fixed local ports of the e2e run (one run at a time on a machine). */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3125);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3126);
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
