/**
 * The country of an address for the new-country detector: null for local, private and unknown addresses.
 * (The offline ip → country lookup lives with login history's location; until it knows countries, nothing is
 * located and the new-country detector stays silent.)
 */
export function countryOfIp(_ip: string | null): string | null {
  return null;
}
