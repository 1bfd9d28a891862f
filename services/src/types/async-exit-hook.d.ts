declare module 'async-exit-hook' {
  const hook: (fn: (done: () => void) => void) => void;
  export default hook;
}
