/** "/parties" is the current page at "/parties" and "/parties/"; Home only at "/" itself. */
export const isCurrent = (to: string, path: string) =>
  to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`);
