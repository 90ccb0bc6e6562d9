// A line that opens one ply of a 3-ply argument: "Plaintiff's Argument:", "**Defendant's
// Counterargument:**", "### Plaintiff's Rebuttal", "1. Plaintiff's argument:", "- Rebuttal:",
// "PLAINTIFF'S ARGUMENT", "Plaintiff:", "Plaintiff's Argument (citing TSC1):". A sentence such as
// "The plaintiff relies on TSC1" is not one: the label must end the line or be followed by ":".
const PLY_LABEL =
  /^[ \t]*(?:#{1,6}[ \t]*|[-*+•>][ \t]*|\d+[.)][ \t]*)?(?:\*\*|__)?[ \t]*(?:(?:the[ \t]+)?(?:plaintiff|defendant)(?:['’]s)?(?:[ \t]+(?:argument|counter-?argument|rebuttal|reply|response))?|rebuttal|counter-?argument|reply)[ \t]*(?:\([^)\n]{0,40}\))?[ \t]*(?:(?:\*\*|__)[ \t]*:|:|(?:\*\*|__)?[ \t]*$)/i;

/**
 * Whether a line opens a ply ("Plaintiff's Argument:", "### Defendant's Counterargument",
 * "- Rebuttal: …"). Used to start a new paragraph and to tell an argument from an abstention.
 *
 * @example isPlyLabelLine("**Plaintiff's Argument:** The input case …") // true
 */
export function isPlyLabelLine(line: string): boolean {
  return PLY_LABEL.test(line);
}

/** How many lines of `text` open a ply. */
export function countPlyLabels(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (isPlyLabelLine(line)) count += 1;
  return count;
}
