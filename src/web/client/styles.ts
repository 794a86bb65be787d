/** The element's styles (shadow DOM): themed by custom properties, parts exposed for publishers. */
export const CSS = `
:host{display:block;box-sizing:border-box;max-width:60rem;margin:0 auto;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
--paper:#fff;--ink:#1a1a1a;--muted:#4a4a4a;--player:#1d4ed8;--line:#1a1a1a;--thin:#767676;--sel:#1d4ed8;--peer:#f1f5f9;--same:#e0e7ff;
--hl:#fcd34d;--hl-unit:#fef9c3;--target:#bbf7d0;--error:#b91c1c;--error-bg:#fee2e2;--btn:#f4f4f5;--btn-ink:#1a1a1a;--btn-line:#71717a;--focus:#1d4ed8;--diag:rgba(0,0,0,.1);
color:var(--ink);background:var(--paper)}
:host([hidden]){display:none}
:host([theme=dark]){--paper:#121212;--ink:#f0f0f0;--muted:#c4c4c4;--player:#93c5fd;--line:#e5e5e5;--thin:#8a8a8a;--sel:#fbbf24;--peer:#1c2430;--same:#2a2f4a;
--hl:#5a4a00;--hl-unit:#2a2710;--target:#14532d;--error:#fca5a5;--error-bg:#4c1414;--btn:#27272a;--btn-ink:#f0f0f0;--btn-line:#a1a1aa;--focus:#fbbf24;--diag:rgba(255,255,255,.12)}
*{box-sizing:border-box}
header{margin:0 0 .5rem}
h1{font-size:1.35rem;margin:0}
.meta{margin:.2rem 0;color:var(--muted)}
.meta span{white-space:nowrap}
nav{display:flex;gap:1rem;flex-wrap:wrap;margin:.25rem 0}
a{color:var(--player)}
.play{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.board{flex:1 1 18rem;display:flex;flex-direction:column;gap:.5rem;max-width:34rem;min-width:0;container-type:inline-size}
.grid{display:grid;grid-template-rows:repeat(9,1fr);aspect-ratio:1;width:100%;border:3px solid var(--line);background:var(--paper);touch-action:manipulation;user-select:none;-webkit-user-select:none}
.grid:focus-within{outline:3px solid var(--focus);outline-offset:2px}
.row{display:grid;grid-template-columns:repeat(9,1fr)}
.cell{position:relative;display:flex;align-items:center;justify-content:center;border-right:1px solid var(--thin);border-bottom:1px solid var(--thin);font-size:7cqi;line-height:1;cursor:pointer;color:var(--player);outline:none}
.cell:nth-child(3n){border-right:2px solid var(--line)}
.cell:nth-child(9n){border-right:none}
.row:nth-child(3n) .cell{border-bottom:2px solid var(--line)}
.row:nth-child(9) .cell{border-bottom:none}
.cell.given{color:var(--ink);font-weight:600}
.cell.peer{background:var(--peer)}
.cell.same{background:var(--same)}
.cell.unit{background:var(--hl-unit)}
.cell.pattern{background:var(--hl)}
.cell.target{background:var(--target)}
.cell.wrong,.cell.clash{color:var(--error);background:var(--error-bg)}
.cell.sel{box-shadow:inset 0 0 0 3px var(--sel)}
.cell:focus-visible{box-shadow:inset 0 0 0 4px var(--focus)}
.corner{position:absolute;inset:2%;font-size:2.6cqi;display:grid;grid-template-columns:repeat(3,1fr);grid-template-rows:repeat(3,1fr);color:var(--player);pointer-events:none}
.corner span{display:flex;align-items:center;justify-content:center}
.centre{font-size:2.8cqi;max-width:96%;word-break:break-all;text-align:center;color:var(--player)}
.centre.many{font-size:2.2cqi}
.elim{position:absolute;right:4%;bottom:4%;font-size:2.8cqi;color:var(--error);font-weight:700;pointer-events:none}
.ghost{opacity:.75;font-style:italic}
.side{flex:1 1 15rem;display:flex;flex-direction:column;gap:.6rem;min-width:0}
.bar{display:flex;flex-wrap:wrap;gap:.4rem}
button,input[type=range]{font:inherit}
button{min-height:44px;min-width:44px;padding:.3rem .7rem;border:1px solid var(--btn-line);border-radius:.4rem;background:var(--btn);color:var(--btn-ink);cursor:pointer}
button[aria-pressed=true]{background:var(--player);color:var(--paper);border-color:var(--player)}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
button:disabled{opacity:.55;cursor:default}
.pad{display:grid;grid-template-columns:repeat(5,minmax(44px,1fr));gap:.4rem;max-width:22rem}
.pad button{font-size:1.3rem;padding:0}
.status{min-height:1.5em;margin:0}
.hint{border:1px solid var(--btn-line);border-radius:.4rem;padding:.5rem .7rem}
.hint p{margin:.2rem 0}
.timer{font-variant-numeric:tabular-nums}
.done{border:2px solid var(--player);border-radius:.4rem;padding:.5rem .7rem}
.done input{width:100%}
.share{white-space:pre-wrap;font-size:.9rem}
.keys{font-size:.85rem;color:var(--muted)}
@media (max-width:40rem){.keys{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.frame{position:relative}
.kindday .meta span{white-space:normal}
.grid.kind{grid-template-rows:repeat(var(--n),1fr)}
.grid.kind .row{grid-template-columns:repeat(var(--n),1fr)}
.grid.kind .row .cell{border-right:1px solid var(--thin);border-bottom:1px solid var(--thin);font-size:calc(63cqi / var(--n))}
.grid.kind .row .cell:last-child{border-right:none}
.grid.kind .row:last-child .cell{border-bottom:none}
.grid.kind .row .cell.br{border-right:2px solid var(--line)}
.grid.kind .row .cell.bb{border-bottom:2px solid var(--line)}
.grid.kind .cell.diag{background-image:linear-gradient(var(--diag),var(--diag))}
.grid.kind .corner{font-size:calc(23cqi / var(--n))}
.grid.kind .centre,.grid.kind .elim{font-size:calc(25cqi / var(--n))}
.grid.kind .centre.many{font-size:calc(20cqi / var(--n))}
.frame:has(.cages) .grid.kind .row .cell{font-size:calc(53cqi / var(--n))}
.cages{position:absolute;inset:3px;width:calc(100% - 6px);height:calc(100% - 6px);pointer-events:none}
.cages .cage{fill:none;stroke:var(--line);stroke-width:1.5px;vector-effect:non-scaling-stroke}
.cages .patch{fill:var(--paper)}
.cages .sum{fill:var(--ink);font-family:inherit}
.board.big{flex-basis:40rem;max-width:40rem}
.grid.big .cell.sel{box-shadow:inset 0 0 0 2px var(--sel)}
.pad.wide{grid-template-columns:repeat(6,minmax(44px,1fr));max-width:26rem}
@media print{.side,nav .web,.keys,.hint,.status,.done{display:none}.cell.peer,.cell.same,.cell.sel{background:none;box-shadow:none}:host,:host([theme=dark]){--paper:#fff;--ink:#000;--muted:#000;--player:#000;--line:#000;--thin:#555;color:#000;background:#fff}.board{max-width:none}.cell:nth-child(3n){border-right-width:3px}.row:nth-child(3n) .cell{border-bottom-width:3px}.cell:nth-child(9n){border-right:none}.row:nth-child(9) .cell{border-bottom:none}}
`;
