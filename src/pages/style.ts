/** The site's colours. */
const PALETTE = ":root { --ink: #2e1c0f; --muted: #7a6a55; --paper: #fbf8f1; --card: #fff; --line: #e3d9c6; --accent: #3f6fc4; --good: #2f8a3c; --bad: #b23a2c; --gold: #c8900a; }";

/** The site header's rules: part of STYLE, and of the API reference page's style. */
const HEADER_RULES = `header.site { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; padding: .6rem 1rem; border-bottom: 1px solid var(--line); background: #f3ecdd; }
header.site .brand { display: flex; align-items: center; gap: .4rem; font-weight: 700; font-size: 1.2rem; color: var(--ink); text-decoration: none; }
header.site nav { display: flex; flex-wrap: wrap; gap: .2rem .9rem; }
header.site nav a { color: var(--ink); }`;

/**
 * The site header on the API reference (/docs), whose own stylesheet is Scalar's: the header in the
 * site's colours and font, one line high (the links scroll sideways on a phone rather than wrap), and
 * stuck above the reference, which Scalar moves down by --scalar-custom-header-height (its sidebar and
 * sticky bars too).
 */
export const REFERENCE_HEADER_STYLE = `${PALETTE}
:root { --scalar-custom-header-height: 52px; }
${HEADER_RULES}
header.site { position: sticky; top: 0; z-index: 10; box-sizing: border-box; height: var(--scalar-custom-header-height); flex-wrap: nowrap; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
header.site nav { flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; }`;

/** The one stylesheet of every page, inlined (pages load nothing from elsewhere). Phone first. */
export const STYLE = `
${PALETTE}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
${HEADER_RULES}
main { max-width: 980px; margin: 0 auto; padding: 1rem; }
@media (max-width: 480px) { header.site { padding: .45rem .75rem; column-gap: .7rem; } header.site nav { column-gap: .7rem; font-size: .92rem; } header.site .brand { font-size: 1.1rem; } main { padding: .6rem .75rem; } }
footer.site { max-width: 980px; margin: 2rem auto 1rem; padding: 0 1rem; color: var(--muted); font-size: .85rem; }
h1 { font-size: 1.5rem; margin: .2rem 0 .8rem; overflow-wrap: anywhere; }
h1 code { font-size: .8em; font-weight: 400; color: var(--muted); }
h2 { font-size: 1.15rem; margin: 1.2rem 0 .5rem; }
a { color: var(--accent); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .92em; }
.muted { color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .9rem 1rem; margin: 0 0 1rem; }
.grid2 { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 760px) { .grid2 { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
.home { display: grid; gap: 0 1rem; grid-template-columns: minmax(0, 1fr); align-items: start; }
.home .new-match { order: -1; }
.new-match h1 { font-size: 1.2rem; margin: 0 0 .2rem; }
.new-match fieldset { margin: .35rem 0; padding: .15rem .7rem .35rem; }
.new-match .row { margin: .3rem 0; gap: .25rem .9rem; }
.new-match input[type=text], .new-match input[type=number], .new-match select { padding: .2rem .4rem; }
.new-match .actions { margin: .5rem 0 0; }
.new-match .level-note { font-size: .85rem; }
.intro h2 { margin-top: 0; }
@media (min-width: 760px) { .home { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-areas: "intro form" "daily form" "legend legend"; } .home .intro { grid-area: intro; } .home .new-match { grid-area: form; } .home .legend-card { grid-area: legend; } .home .daily { grid-area: daily; } }
.match-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1rem; margin: 0 0 .5rem; }
.match-head h1 { font-size: 1.2rem; margin: 0; min-width: 0; max-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.match { display: grid; gap: .5rem; grid-template-columns: minmax(0, 1fr); grid-template-areas: "top" "board" "play" "more"; align-items: start; }
.match-top { grid-area: top; } .match-board { grid-area: board; } .match-play { grid-area: play; } .match-more { grid-area: more; }
.match-top .card { margin: .5rem 0 0; }
@media (min-width: 760px) { .match { column-gap: 1.2rem; grid-template-columns: clamp(260px, calc(100vh - 8.5rem), 440px) minmax(0, 1fr); grid-template-rows: auto auto 1fr; grid-template-areas: "board top" "board play" "board more"; } }
.match .pool-title { font-size: .95rem; margin: .3rem 0; color: var(--muted); }
.match .pool { display: grid; grid-template-columns: repeat(8, minmax(0, 1fr)); gap: .25rem; max-width: 440px; }
.match .pool-piece { justify-content: center; }
.match .pool-piece svg { width: 100%; max-width: 48px; height: auto; }
.match .pool .pool-empty { grid-column: 1 / -1; margin: .2rem 0; }
.match .hand { min-height: 52px; }
.match .hand svg { width: 52px; height: 52px; flex: none; }
.match-more h2 { margin-top: .6rem; }
.layout { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 760px) { .layout { grid-template-columns: minmax(0, 440px) minmax(0, 1fr); } }
svg.board { display: block; width: 100%; max-width: 440px; height: auto; touch-action: manipulation; }
svg.board .cell.playable, svg.board .cell.clickable { cursor: pointer; }
svg.board .cell.playable:hover .spot, svg.board .cell.playable:focus .spot { fill: #e6f0ff; stroke: var(--accent); stroke-width: 4; }
svg.board .cell.clickable:hover .spot { stroke: var(--bad); stroke-width: 4; }
/* The cell chosen for the piece in hand (not yet played): a dashed green ring, unlike the solid blue ring of the last placement. */
svg.board .cell.tentative .spot, svg.board .cell.tentative:hover .spot, svg.board .cell.tentative:focus .spot { fill: #e3f3e5; stroke: var(--good); stroke-width: 5; stroke-dasharray: 10 7; }
svg.board .cell.tentative.mark-loss .spot { fill: #f5c4bf; stroke: var(--bad); }
svg.board .cell:focus { outline: none; }
svg.board .cell.winning .spot { animation: glow 1.6s ease-in-out infinite alternate; }
@keyframes glow { from { stroke-width: 3; } to { stroke-width: 8; } }
.pool { display: flex; flex-wrap: wrap; gap: .3rem; }
.pool-piece { display: inline-flex; padding: 2px; border: 2px solid transparent; border-radius: 8px; background: none; }
button.pool-piece { cursor: pointer; border-color: var(--line); background: #fff; }
button.pool-piece:hover, button.pool-piece:focus { border-color: var(--accent); background: #eef4ff; }
.pool-piece.give-win { border-color: var(--good); }
.pool-piece.give-loss { border-color: var(--bad); }
.pool-piece.give-draw { border-color: #999; }
.pool-piece.selected { border-color: var(--accent); background: #dce8ff; }
.hand { display: flex; align-items: center; gap: .6rem; min-height: 60px; }
.status { font-size: 1.08rem; font-weight: 600; margin: 0 0 .5rem; padding: .5rem .8rem; border-radius: 8px; background: #f1ead9; }
@media (max-width: 480px) { .status { font-size: 1rem; padding: .4rem .6rem; } }
.status.your-turn { background: #e3f3e5; border-left: 5px solid var(--good); }
.status.finished { background: #fff3c9; border-left: 5px solid var(--gold); }
.seats { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; }
.seat { display: flex; flex-direction: column; padding: .35rem .6rem; border: 2px solid var(--line); border-radius: 8px; background: #fff; min-width: 0; }
.seat.to-move { border-color: var(--good); }
.seat.winner { border-color: var(--gold); background: #fff8dd; }
.seat-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.seat-role { font-size: .8rem; color: var(--muted); }
.seat-meta { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: .6rem; }
.clock.untimed { font-size: .85rem; font-weight: 400; color: var(--muted); }
.clock { font: 600 1.15rem/1.2 ui-monospace, Menlo, Consolas, monospace; }
a.back { font-size: .92rem; }
.seat.to-move .clock { color: var(--good); }
/* Every move is one 1.75rem row high and the list four rows, so it scrolls by whole rows (none cut at its top). */
.moves { list-style: none; padding: 0; margin: .3rem 0 0; display: flex; flex-wrap: wrap; gap: .25rem; max-height: calc(4 * 1.75rem + 3 * .25rem); overflow-y: auto; }
.moves li { height: 1.75rem; display: inline-flex; gap: 2px; }
.moves a.call-link { display: inline-flex; align-items: center; height: 100%; padding: 0 .3rem; border: 1px dashed var(--line); border-radius: 6px; font-size: .75rem; }
.moves.whole { max-height: none; overflow-y: visible; }
.status.stepping { background: #e9eef8; border-left: 5px solid var(--accent); }
.moves button { height: 100%; border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 0 .45rem; cursor: pointer; font: inherit; font-size: .88rem; line-height: 1; white-space: nowrap; }
.moves button.current { background: var(--ink); color: #fff; border-color: var(--ink); }
.moves .ply { color: var(--muted); }
.moves button.current .ply { color: #e8dcc4; }
.steps { display: flex; gap: .3rem; flex-wrap: wrap; align-items: center; }
button, .button { font: inherit; padding: .45rem .9rem; border-radius: 8px; border: 1px solid #b9a98a; background: #fff; color: var(--ink); cursor: pointer; text-decoration: none; display: inline-block; }
button.primary, .button.primary { background: var(--ink); color: #fff; border-color: var(--ink); }
button.danger { border-color: var(--bad); color: var(--bad); }
button:disabled { opacity: .45; cursor: default; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .6rem 0; }
.error { color: var(--bad); font-weight: 600; min-height: 1.2em; margin: .3rem 0; }
.live { font-size: .8rem; color: var(--muted); }
.live.on::before { content: "●"; color: var(--good); margin-right: .25rem; }
.live.off::before { content: "●"; color: var(--bad); margin-right: .25rem; }
form .row { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; margin: .45rem 0; }
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: .6rem 0; padding: .4rem .8rem .6rem; min-width: 0; }
legend { font-weight: 600; padding: 0 .3rem; }
label { white-space: normal; max-width: 100%; }
.card > :first-child { margin-top: 0; }
input[type=text], input[type=number], select { font: inherit; padding: .35rem .5rem; border: 1px solid #b9a98a; border-radius: 6px; background: #fff; max-width: 100%; }
input.position { font-family: ui-monospace, Menlo, Consolas, monospace; width: 100%; max-width: 19rem; letter-spacing: .04em; }
input[type=number] { width: 4.6rem; }
.invite { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; }
.invite input { flex: 1 1 14rem; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85rem; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; padding: .3rem .45rem; border-bottom: 1px solid var(--line); }
th { background: #f3ecdd; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { overflow-x: auto; }
.narrow-only { display: none; }
@media (max-width: 600px) { th, td { padding: .25rem .3rem; } .wide-only { display: none; } th.narrow-only, td.narrow-only { display: table-cell; } }
.standings td.name { overflow-wrap: anywhere; }
.error.quiet:empty { display: none; }
.value-win { color: var(--good); font-weight: 600; }
.value-loss { color: var(--bad); font-weight: 600; }
.value-draw { color: #555; font-weight: 600; }
.threw { display: inline-block; margin-left: .3rem; padding: 0 .35rem; border-radius: 4px; background: var(--bad); color: #fff; font-size: .78rem; font-weight: 600; }
.move-group { margin: .7rem 0; }
.move-group h3 { font-size: 1rem; margin: 0 0 .3rem; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 .5rem; }
.move-chips { display: flex; flex-wrap: wrap; gap: .25rem; }
button.move-chip { display: inline-flex; align-items: center; gap: .15rem; padding: .05rem .3rem .05rem .4rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; font-size: .88rem; }
button.move-chip:hover, button.move-chip:focus { border-color: var(--accent); background: #eef4ff; }
button.move-chip.threw-win { border-color: #e6b9b3; }
.legend { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: .4rem; }
.legend figure { margin: 0; display: flex; align-items: center; gap: .3rem; font-size: .82rem; }
.pieces { display: flex; flex-wrap: wrap; gap: .1rem; }
progress { display: block; width: 100%; max-width: 440px; height: .7rem; margin: 0 0 .6rem; accent-color: var(--good); }
.standings td.points { font-weight: 700; }
table.crosstable { width: auto; min-width: 50%; }
.crosstable td, .crosstable th { text-align: center; }
.crosstable td:first-child, .crosstable th:first-child { text-align: left; }
svg.piece.inline { vertical-align: middle; }
.move-piece { display: inline-flex; align-items: center; gap: .05rem; }
.moves .move-line { display: inline-flex; align-items: center; gap: .25rem; height: 100%; padding: 0 .45rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; font-size: .88rem; white-space: nowrap; }
.moves .move-line.wrong { border-color: var(--bad); color: var(--bad); }
.status.wrong { background: #fbe3df; border-left: 5px solid var(--bad); }
.puzzles .variant { align-self: center; font-size: .92rem; }
.lead { font-size: 1.05rem; }
.learn-row { display: grid; gap: .4rem 1rem; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 640px) { .learn-row { grid-template-columns: 200px minmax(0, 1fr); } }
.learn-board svg.board { width: 200px; max-width: 100%; }
.learn .legend figcaption strong { font-size: 1rem; margin-right: .15rem; }
.daily-row { display: grid; gap: .4rem .8rem; grid-template-columns: 140px minmax(0, 1fr); align-items: center; }
.daily-row svg.board { width: 140px; max-width: 100%; }
.review .strip-wrap { overflow-x: auto; margin: .4rem 0; }
table.strip { border-collapse: separate; border-spacing: 2px; width: auto; font-size: .78rem; }
table.strip th { font-weight: 600; color: #555; padding: 0 .2rem; text-align: center; }
table.strip th[scope="row"] { text-align: left; white-space: nowrap; max-width: 9rem; overflow: hidden; text-overflow: ellipsis; }
table.strip td.value { min-width: 1.3rem; height: 1.3rem; padding: 0; text-align: center; border-radius: 3px; color: #fff; font-weight: 700; }
table.strip td.win { background: var(--good); }
table.strip td.draw { background: #b9b9b9; }
table.strip td.loss { background: var(--bad); }
table.strip td.unknown { background: #eee; }
table.strip td.mistake { box-shadow: inset 0 0 0 2px #222; }
table.strip td.accuracy { padding: 0 .3rem; font-weight: 700; }
.mistake-flag { margin-left: .3rem; padding: 0 .3rem; border-radius: 4px; background: var(--bad); color: #fff; font-size: .74rem; font-weight: 600; }
ul.mistakes { list-style: none; padding-left: 0; }
ul.mistakes li { margin: .35rem 0; }
ul.mistakes button { padding: .05rem .4rem; font-size: .85rem; }
`;
