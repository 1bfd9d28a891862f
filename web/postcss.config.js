import { fileURLToPath } from 'node:url';

export default {
  plugins: {
    // By path: the browser tests build from the repository root, where Tailwind would not find its config
    // (and would fall back to its defaults, preflight included, which resets Chakra's buttons and inputs).
    tailwindcss: { config: fileURLToPath(new URL('./tailwind.config.js', import.meta.url)) },
    autoprefixer: {},
  },
};
