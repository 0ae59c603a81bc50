/** The button under a confirmed link: back to where the person was going, named after it. */
export function returnAction(redirect: string | null): { to: string; label: string } {
  if (!redirect) return { to: '/dashboard', label: 'Vai alla Dashboard' };
  if (redirect === '/dashboard/invitations' || redirect.startsWith('/dashboard/invitations?')) return { to: redirect, label: 'Torna agli Inviti Ricevuti' };
  return { to: redirect, label: 'Continua' };
}
