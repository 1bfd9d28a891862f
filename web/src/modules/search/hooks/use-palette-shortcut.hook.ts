import { useEffect } from 'react';
import { COMMAND_PALETTE_OPEN_EVENT } from '../utils/command-palette-events.util.ts';

/** Ctrl+K (⌘+K on a Mac), without Alt or Shift. */
export const isPaletteShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/**
 * Wires the palette to the page: Ctrl/⌘+K anywhere toggles it (the browser's own use of the keys is
 * prevented), and `openCommandPalette()` (the header's search button) opens it.
 */
export function usePaletteShortcut(onToggle: () => void, onOpen: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e) || e.repeat) return;
      e.preventDefault();
      onToggle();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener(COMMAND_PALETTE_OPEN_EVENT, onOpen);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener(COMMAND_PALETTE_OPEN_EVENT, onOpen);
    };
  }, [onToggle, onOpen]);
}
