import colors from 'tailwindcss/colors';

/**
 * Tailwind 3 exists only for @tremor/react's charts (STACK.md): Chakra styles everything else. Preflight is
 * off so Tailwind's reset never fights Chakra's; the CSS is imported by web/src/modules/ui/components/charts.ts
 * and so lands in the admin chunk only.
 */
const chartColors = ['blue', 'emerald', 'amber', 'rose', 'violet', 'gray', 'cyan', 'indigo'];
const colorPattern = chartColors.join('|');
const shades = '50|100|200|300|400|500|600|700|800|900|950';

/** @type {import('tailwindcss').Config} */
export default {
  // Relative to this file, whatever directory the build runs from.
  content: { relative: true, files: ['./src/modules/**/*.{ts,tsx}', '../node_modules/@tremor/react/dist/**/*.js'] },
  corePlugins: { preflight: false },
  theme: {
    transparent: 'transparent',
    current: 'currentColor',
    extend: {
      colors: {
        tremor: {
          brand: { faint: colors.blue[50], muted: colors.blue[200], subtle: colors.blue[400], DEFAULT: colors.blue[500], emphasis: colors.blue[700], inverted: colors.white },
          background: { muted: colors.gray[50], subtle: colors.gray[100], DEFAULT: colors.white, emphasis: colors.gray[700] },
          border: { DEFAULT: colors.gray[200] },
          ring: { DEFAULT: colors.gray[200] },
          content: { subtle: colors.gray[400], DEFAULT: colors.gray[500], emphasis: colors.gray[700], strong: colors.gray[900], inverted: colors.white },
        },
      },
      boxShadow: {
        'tremor-input': '0 1px 2px 0 rgb(0 0 0 / 0.05)',
        'tremor-card': '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
        'tremor-dropdown': '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
      },
      borderRadius: { 'tremor-small': '0.375rem', 'tremor-default': '0.5rem', 'tremor-full': '9999px' },
      fontSize: {
        'tremor-label': ['0.75rem', { lineHeight: '1rem' }],
        'tremor-default': ['0.875rem', { lineHeight: '1.25rem' }],
        'tremor-title': ['1.125rem', { lineHeight: '1.75rem' }],
        'tremor-metric': ['1.875rem', { lineHeight: '2.25rem' }],
      },
    },
  },
  // Tremor builds chart colour classes at run time from the `colors` prop: keep them for the palette above.
  safelist: ['bg', 'text', 'border', 'ring', 'stroke', 'fill'].map((kind) => ({
    pattern: new RegExp(`^${kind}-(?:${colorPattern})-(?:${shades})$`),
    variants: kind === 'bg' || kind === 'text' ? ['hover'] : [],
  })),
};
