import { useCallback, useState } from 'react';
import { readSidebarCollapsed, storeSidebarCollapsed } from '../utils/sidebar-state.util.ts';

/** The desktop sidebar's collapsed-to-icons state, remembered in localStorage across reloads. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      storeSidebarCollapsed(!was);
      return !was;
    });
  }, []);
  return { collapsed, toggle };
}
