/** The value of `name` in a URL's query (`?tab=alerts`) when it is one of `choices`, else `fallback`. */
export function choiceOfSearch<T extends string>(search: string, name: string, choices: readonly T[], fallback: T): T {
  const value = new URLSearchParams(search).get(name);
  return choices.find((choice) => choice === value) ?? fallback;
}
