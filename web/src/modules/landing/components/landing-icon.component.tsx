import { LineIcon } from '../../ui/components/line-icon.component.tsx';

/** Simple inline line icons of the landing page (24×24, drawn with the current text colour; no icon library). */
const PATHS = {
  dashboard: 'M3 3h8v10H3zM13 3h8v6h-8zM13 11h8v10h-8zM3 15h8v6H3z',
  warehouse: 'M3 21V9l9-6 9 6v12M7 21v-8h10v8M7 17h10',
  products: 'M21 8l-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8',
  tracking: 'M1 4h13v12H1zM14 9h4l4 4v3h-8M5.5 21a2 2 0 100-4 2 2 0 000 4zM18.5 21a2 2 0 100-4 2 2 0 000 4z',
  analytics: 'M3 21h18M6 17V11M11 17V6M16 17v-8M21 17V3',
  roles: 'M9 11a4 4 0 100-8 4 4 0 000 8zM1 21v-1a6 6 0 0112 0v1M17 11l2 2 4-4',
  payments: 'M2 5h20v14H2zM2 10h20M6 15h4',
  subscribers: 'M4 4h16v16H4zM4 8l8 5 8-5',
  salaries: 'M12 2v20M17 6H9.5a3.5 3.5 0 000 7h5a3.5 3.5 0 010 7H6',
  api: 'M8 6l-6 6 6 6M16 6l6 6-6 6M14 4l-4 16',
  ecommerce: 'M3 3h2l2.4 12h11.2L21 7H6.2M9 21a1 1 0 100-2 1 1 0 000 2zM18 21a1 1 0 100-2 1 1 0 000 2z',
  logistics: 'M12 22s7-6.5 7-12a7 7 0 10-14 0c0 5.5 7 12 7 12zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  callCenters: 'M3 14v-2a9 9 0 0118 0v2M3 14h3v6H3zM18 14h3v6h-3zM21 20a3 3 0 01-3 3h-4',
  check: 'M4 12.5l5 5L20 6.5',
} as const;

export type LandingIconName = keyof typeof PATHS;

export function LandingIcon({ name, size = 24 }: { name: LandingIconName; size?: number }) {
  return <LineIcon d={PATHS[name]} size={size} />;
}
