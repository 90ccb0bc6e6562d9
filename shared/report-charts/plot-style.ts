/**
 * The `<style>` element Observable Plot (0.6.17) puts inside every chart it draws, word for word —
 * what `plot()` in @observablehq/plot/src/plot.js appends for its default class `plot-d6a7b5`. The
 * app's Content-Security-Policy allows exactly this text by its SHA-256 (server/content-security.ts)
 * instead of allowing inline styles at large; plot-style.test.ts draws a chart and fails when Plot
 * writes anything else (a new version of Plot: copy its text here, and the hash follows).
 */
export const PLOT_STYLE = `:where(.plot-d6a7b5) {
  --plot-background: white;
  display: block;
  height: auto;
  height: intrinsic;
  max-width: 100%;
}
:where(.plot-d6a7b5 text),
:where(.plot-d6a7b5 tspan) {
  white-space: pre;
}`;
