/** localStorage key for the admin sidebar's collapsed state; written only when the user toggles it. */
export const SIDEBAR_STORAGE_KEY = 'crm.adminSidebar';

export function readSidebarCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'collapsed';
  } catch {
    return false; // storage disabled: expanded
  }
}

export function storeSidebarCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, collapsed ? 'collapsed' : 'expanded');
  } catch {
    // Not fatal: the choice is just not remembered.
  }
}
