/**
 * Command palette (Ctrl/⌘+K). Placeholder while the full palette is built; the exported API is final:
 * - `<CommandPalette user={user} areas={areas} />` mounted once in the admin shell;
 * - `openCommandPalette()` opens it from anywhere (e.g. a header button).
 */
import type { SessionUser } from '../../api/trpc.client';

const OPEN_EVENT = 'crm:command-palette:open';

/** Opens the mounted command palette (dispatches a document event the palette listens for). */
export function openCommandPalette(): void {
  document.dispatchEvent(new CustomEvent(OPEN_EVENT));
}

export function CommandPalette(_props: {
  user: SessionUser;
  areas: readonly { id: string; path: string; label: string }[];
}) {
  return null;
}
