/** The document event the mounted command palette listens for (see openCommandPalette). */
export const COMMAND_PALETTE_OPEN_EVENT = 'crm:command-palette:open';

/** Opens the mounted command palette from anywhere (e.g. the header's search button). No palette mounted: nothing happens. */
export function openCommandPalette(): void {
  document.dispatchEvent(new CustomEvent(COMMAND_PALETTE_OPEN_EVENT));
}
