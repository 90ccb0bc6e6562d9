/**
 * The HTML report's one stylesheet, inline in the file: a calm page for reading and printing. Text in
 * a serif at a comfortable measure, tables and charts in the system sans with tabular figures;
 * status cells tinted with the Okabe–Ito blue and vermillion of the charts (text stays #1c1f23, 14:1
 * or more on every tint) and always worded. Print: A4, collapsed tables printed open, figures kept on
 * one page, no tinted backgrounds lost (print-color-adjust).
 */
export const REPORT_STYLE = `
:root{color-scheme:light;--text:#1c1f23;--muted:#4f5862;--rule:#c9ced4;--soft:#f4f5f6;--blue:#0072B2;--vermillion:#D55E00}
*{box-sizing:border-box}
body{margin:0;background:#fff;color:var(--text);font:17px/1.6 "Iowan Old Style","Charter","Georgia","Noto Serif","DejaVu Serif",serif;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.report{max-width:60rem;margin:0 auto;padding:3rem 2rem 5rem}
h1,h2,h3{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;line-height:1.25;color:#111}
h1{font-size:1.9rem;font-weight:650;margin:0 0 1rem;letter-spacing:-.01em}
h2{font-size:1.35rem;font-weight:650;margin:3rem 0 .8rem;padding-top:1rem;border-top:1px solid var(--rule)}
h3{font-size:1.05rem;font-weight:650;margin:1.8rem 0 .5rem}
p,li{max-width:46rem}
p{margin:0 0 .9rem}
ul{margin:0 0 1rem;padding-left:1.3rem}
li{margin:.2rem 0}
.table-wrap{overflow-x:auto;margin:.6rem 0 1.2rem}
.table-wrap:focus-visible{outline:3px solid #1d5b9e;outline-offset:2px}
table{border-collapse:collapse;font:13.5px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;font-variant-numeric:tabular-nums}
th,td{padding:.32rem .7rem;text-align:left;vertical-align:top;border-bottom:1px solid #e3e6e9;white-space:nowrap}
td.long{white-space:normal;min-width:13rem}
td.tone{min-width:9rem}
thead th{white-space:normal}
thead th{font-weight:600;border-bottom:1.5px solid #8a939c;color:#111;vertical-align:bottom}
tbody tr:last-child td{border-bottom:1.5px solid #8a939c}
td.tone{border-left:4px solid;padding-left:.55rem}
td.tone::before{font-weight:700;margin-right:.35rem}
td.tone-holds{background:#e4f0f8;border-left-color:var(--blue)}
td.tone-holds::before{content:"✓"}
td.tone-fails{background:#fbe8dd;border-left-color:var(--vermillion)}
td.tone-fails::before{content:"✗"}
td.tone-undecided{background:var(--soft);border-left-color:#7a828a}
td.tone-undecided::before{content:"?"}
td.tone-too_few{background:repeating-linear-gradient(135deg,#fff 0 6px,#f1f2f3 6px 12px);border-left:4px dashed #7a828a}
td.tone-too_few::before{content:"…"}
details{margin:.4rem 0 1rem;font:14.5px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif}
details>summary{cursor:pointer;color:#1d5b9e;padding:.25rem 0;max-width:46rem}
details[open]>summary{margin-bottom:.4rem}
details p,details li{font-size:14.5px}
figure.chart{margin:1.6rem 0 2rem;padding:1.2rem 1.2rem .6rem;border:1px solid #e3e6e9;border-radius:6px;background:#fff}
figcaption{font-size:15px;line-height:1.5;color:var(--muted);max-width:50rem;margin-bottom:.6rem}
.chart-title{display:block;font:600 1rem/1.35 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:#111;margin-bottom:.2rem}
.chart-key{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;list-style:none;padding:0;margin:0 0 .6rem;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;max-width:none}
.chart-key li{margin:0;display:flex;align-items:center;gap:.35rem}
.key-glyph{font-size:15px;line-height:1;min-width:1.1em;text-align:center}
.key-swatch{display:inline-block;width:.9rem;height:.9rem;border:1px solid #8a939c;border-radius:2px}
.chart-svg{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:var(--text);overflow-x:auto}
.chart-svg svg{display:block;max-width:100%;height:auto}
@page{size:A4;margin:16mm 14mm 18mm}
@media print{
body{font-size:10.5pt}
.report{max-width:none;padding:0}
h2{break-after:avoid;margin-top:1.6rem}
h3{break-after:avoid}
tr,.chart-svg,figcaption{break-inside:avoid}
table{font-size:8.5pt}
th,td{white-space:normal;padding:.2rem .4rem}
.table-wrap{overflow:visible}
details>summary{color:var(--text);font-weight:600;list-style:none}
details::details-content{content-visibility:visible;display:block}
figure.chart{border:0;padding:0}
}
`;
