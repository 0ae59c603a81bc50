/** Copies text to the clipboard; the select-and-copy fallback covers plain http, where the Clipboard API is missing. */
export async function copyText(text: string, input: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input?.select();
    document.execCommand('copy');
  }
}
