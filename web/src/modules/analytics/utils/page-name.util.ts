/** The spec's page-view name: `home` for `/`, otherwise the path without the leading slash (`blog/some-slug`). */
export function pageName(path: string): string {
  const clean = path.split(/[?#]/, 1)[0] ?? '/';
  return clean === '/' || clean === '' ? 'home' : clean.replace(/^\/+/, '').replace(/\/+$/, '');
}
