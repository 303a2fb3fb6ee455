// The explorer: a board drawn as SVG, an editor, moves played by clicking,
// the tablebase's answers grouped into wins, draws and losses, the
// mainline stepped through and exported, and the endgame's statistics.
// Plain JavaScript, no build step; it talks only to this server's API.
'use strict';

const FILES = 'abcdefghi';
const CHINESE = {
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
};
// WXF letters: elephant E, horse H.
const LATIN = { K: 'K', A: 'A', B: 'E', N: 'H', R: 'R', C: 'C', P: 'P' };
const CELL = 50;
const MARGIN = 30;

const state = {
  board: {}, // square ("e0") -> FEN letter
  side: 'w',
  flipped: false,
  editing: false,
  tool: null, // FEN letter to place, or '' to remove
  selected: null,
  history: [], // earlier FENs, for "back"
  answer: null, // the last /xiangqi answer
  mainline: null,
  step: 0,
  request: 0,
  building: false, // the last answer was a build under way
};

const $ = (id) => document.getElementById(id);
const chinese = () => $('chinese').checked;

function parseFen(fen) {
  const [placement, side] = fen.replace(/_/g, ' ').trim().split(/\s+/);
  const rows = (placement || '').split('/');
  if (rows.length !== 10) throw new Error('a FEN has ten rows');
  const board = {};
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) file += Number(ch);
      else if (/[kabnrcpKABNRCP]/.test(ch)) {
        if (file > 8) throw new Error('a row is nine squares');
        board[FILES[file] + rank] = ch;
        file += 1;
      } else throw new Error(`unexpected ${ch}`);
    }
    if (file !== 9) throw new Error('a row is nine squares');
  });
  return { board, side: side === 'b' ? 'b' : 'w' };
}

function toFen() {
  const rows = [];
  for (let rank = 9; rank >= 0; rank -= 1) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file += 1) {
      const piece = state.board[FILES[file] + rank];
      if (piece) {
        if (empty) row += empty;
        row += piece;
        empty = 0;
      } else empty += 1;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${state.side}`;
}

function label(piece) {
  if (chinese()) return CHINESE[piece];
  return LATIN[piece.toUpperCase()];
}

// Screen position of a square.
function at(square) {
  let file = FILES.indexOf(square[0]);
  let rank = Number(square.slice(1));
  if (state.flipped) {
    file = 8 - file;
    rank = 9 - rank;
  }
  return [MARGIN + file * CELL, MARGIN + (9 - rank) * CELL];
}

function svgEl(name, attrs, text) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

function drawBoard() {
  const width = 2 * MARGIN + 8 * CELL;
  const height = 2 * MARGIN + 9 * CELL;
  const svg = svgEl('svg', { viewBox: `0 0 ${width} ${height}`, id: 'board-svg' });
  svg.appendChild(svgEl('rect', { x: 0, y: 0, width, height, fill: '#e9c88c' }));
  const line = (x1, y1, x2, y2) => svg.appendChild(svgEl('line', {
    x1, y1, x2, y2, stroke: '#5b3a1a', 'stroke-width': 1.5,
  }));
  for (let r = 0; r < 10; r += 1) line(MARGIN, MARGIN + r * CELL, MARGIN + 8 * CELL, MARGIN + r * CELL);
  for (let f = 0; f < 9; f += 1) {
    const x = MARGIN + f * CELL;
    if (f === 0 || f === 8) line(x, MARGIN, x, MARGIN + 9 * CELL);
    else {
      line(x, MARGIN, x, MARGIN + 4 * CELL);
      line(x, MARGIN + 5 * CELL, x, MARGIN + 9 * CELL);
    }
  }
  for (const top of [0, 7]) {
    const y = MARGIN + top * CELL;
    line(MARGIN + 3 * CELL, y, MARGIN + 5 * CELL, y + 2 * CELL);
    line(MARGIN + 5 * CELL, y, MARGIN + 3 * CELL, y + 2 * CELL);
  }
  svg.appendChild(svgEl('text', {
    x: MARGIN + 4 * CELL, y: MARGIN + 4.5 * CELL + 7, 'text-anchor': 'middle',
    'font-size': 20, fill: '#5b3a1a',
  }, chinese() ? '楚 河　　　　漢 界' : 'river'));
  const targets = new Set();
  const last = state.answer && state.selected
    ? state.answer.moves.filter((m) => m.uci.slice(0, 2) === state.selected) : [];
  for (const m of last) targets.add(m.uci.slice(2, 4));
  for (let rank = 0; rank < 10; rank += 1) {
    for (let file = 0; file < 9; file += 1) {
      const square = FILES[file] + rank;
      const [x, y] = at(square);
      const piece = state.board[square];
      const group = svgEl('g', { 'data-square': square, class: 'square' });
      group.appendChild(svgEl('rect', {
        x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, fill: 'transparent',
      }));
      if (piece) {
        const red = piece === piece.toUpperCase();
        group.appendChild(svgEl('circle', {
          cx: x, cy: y, r: 21, fill: '#fdf3dc',
          stroke: state.selected === square ? '#1e6fd9' : (red ? '#b3261e' : '#222'),
          'stroke-width': state.selected === square ? 4 : 2,
        }));
        group.appendChild(svgEl('text', {
          x, y: y + 8, 'text-anchor': 'middle', 'font-size': chinese() ? 24 : 22,
          'font-weight': 'bold', fill: red ? '#b3261e' : '#222', class: 'piece',
        }, label(piece)));
      }
      if (targets.has(square)) {
        group.appendChild(svgEl('circle', { cx: x, cy: y, r: 7, fill: '#1e6fd9', opacity: 0.6 }));
      }
      group.addEventListener('click', () => clickSquare(square));
      svg.appendChild(group);
    }
  }
  const holder = $('board');
  holder.replaceChildren(svg);
}

function drawPalette() {
  const palette = $('palette');
  palette.replaceChildren();
  const pieces = ['K', 'A', 'B', 'N', 'R', 'C', 'P', '', 'k', 'a', 'b', 'n', 'r', 'c', 'p'];
  for (const piece of pieces) {
    const button = document.createElement('button');
    button.dataset.piece = piece;
    button.textContent = piece ? label(piece) : '✕';
    button.title = piece ? piece : 'remove';
    if (piece && piece === piece.toUpperCase()) button.classList.add('red');
    if (state.tool === piece) button.classList.add('active');
    button.addEventListener('click', () => {
      state.tool = piece;
      drawPalette();
    });
    palette.appendChild(button);
  }
}

function clickSquare(square) {
  if (state.editing) {
    if (state.tool === null) return;
    if (state.tool === '' || state.board[square] === state.tool) delete state.board[square];
    else state.board[square] = state.tool;
    changed(true);
    return;
  }
  const answer = state.answer;
  if (state.selected) {
    const uci = state.selected + square;
    const move = answer && answer.moves.find((m) => m.uci === uci);
    state.selected = null;
    if (move) {
      play(uci);
      return;
    }
  }
  const piece = state.board[square];
  const mine = piece && ((piece === piece.toUpperCase()) === (state.side === 'w'));
  state.selected = mine ? square : null;
  drawBoard();
}

function applyMove(uci) {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  state.board[to] = state.board[from];
  delete state.board[from];
  state.side = state.side === 'w' ? 'b' : 'w';
}

function play(uci) {
  state.history.push(toFen());
  applyMove(uci);
  changed(false);
}

function setFen(fen, remember) {
  const parsed = parseFen(fen);
  if (remember) state.history.push(toFen());
  state.board = parsed.board;
  state.side = parsed.side;
  changed(false);
}

function changed(edited) {
  state.selected = null;
  $('side').value = state.side;
  $('fen').value = toFen();
  drawBoard();
  if (edited) state.history = [];
  analyse(false);
}

async function getJson(path) {
  const response = await fetch(path);
  let body = null;
  try {
    body = await response.json();
  } catch (error) {
    body = { error: `${response.status} ${response.statusText}` };
  }
  return { status: response.status, body };
}

function badge(category, dtm, dtmTo) {
  const span = document.createElement('span');
  span.className = `badge ${category}`;
  const letter = { win: 'W', draw: 'D', loss: 'L' }[category];
  span.textContent = dtm === null ? letter : `${letter} ${dtm}`;
  span.title = dtmTo === 'rule' ? 'plies to the repetition rules\' decision' : 'plies to mate';
  return span;
}

function marker(text, cls, title) {
  const span = document.createElement('span');
  span.className = `badge ${cls}`;
  span.textContent = text;
  span.title = title;
  return span;
}

function moveName(m) {
  return chinese() ? m.chinese : `${m.wxf} (${m.uci})`;
}

function describe(answer) {
  const words = { win: 'wins', draw: 'draws', loss: 'loses' };
  const side = answer.side_to_move === 'red' ? (chinese() ? '红方' : 'Red') : (chinese() ? '黑方' : 'Black');
  if (answer.checkmate) return `${side}: checkmated`;
  if (answer.stalemate) return `${side}: stalemated (a loss)`;
  let text = `${answer.material}: ${side} ${words[answer.category]}`;
  if (answer.dtm !== null) {
    text += answer.dtm_to === 'rule'
      ? ` — ${answer.dtm} plies to the rules' decision` : ` — mate in ${answer.dtm} plies`;
  }
  if (answer.by_rules) text += ' (decided by the repetition rules)';
  return text;
}

function showMoves(answer) {
  const holder = $('moves');
  holder.replaceChildren();
  const titles = chinese()
    ? { win: '胜 Winning', draw: '和 Drawing', loss: '负 Losing' }
    : { win: 'Winning', draw: 'Drawing', loss: 'Losing' };
  for (const category of ['win', 'draw', 'loss']) {
    const moves = answer.moves.filter((m) => m.category === category);
    if (!moves.length) continue;
    const group = document.createElement('div');
    group.className = `group ${category}`;
    const h3 = document.createElement('h3');
    h3.textContent = `${titles[category]} (${moves.length})`;
    group.appendChild(h3);
    for (const m of moves) {
      const row = document.createElement('div');
      row.className = 'move';
      row.dataset.uci = m.uci;
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = moveName(m);
      row.appendChild(name);
      row.appendChild(badge(m.category, m.dtm, m.dtm_to));
      if (m.dtm_to === 'rule') row.appendChild(marker('rule', 'rule', 'distance to the repetition rules\' decision'));
      if (m.by_rules) row.appendChild(marker('⚖', 'rule', 'decided by the repetition rules'));
      if (m.exceeds_value) row.appendChild(marker('?', 'sooner', 'better for the mover than the position\'s own value: a rule distance of the solver\'s line, not a promise'));
      if (m.checkmate) row.appendChild(marker('#', 'win', 'checkmate'));
      else if (m.check) row.appendChild(marker('+', 'draw', 'check'));
      if (m.capture) row.appendChild(marker(`×${label(m.capture)}`, 'draw', 'capture'));
      row.addEventListener('click', () => play(m.uci));
      group.appendChild(row);
    }
    holder.appendChild(group);
  }
}

// Asks about the position shown; `keepLine` keeps the mainline being
// stepped through.
async function analyse(keepLine) {
  const fen = toFen();
  const ticket = ++state.request;
  $('status').textContent = '…';
  const { status, body } = await getJson(`/xiangqi?fen=${encodeURIComponent(fen)}`);
  if (ticket !== state.request) return;
  state.answer = null;
  $('moves').replaceChildren();
  if (!keepLine) {
    $('mainline').replaceChildren();
    state.mainline = null;
  }
  if (status === 202) {
    const p = body.progress;
    let percent = '';
    if (p && p.entries_total) percent = ` ${Math.floor(100 * p.fraction)}%`;
    else if (p && p.stage_total) percent = `: ${p.stage} ${Math.floor((100 * p.stage_done) / p.stage_total)}%`;
    $('status').textContent = `Building ${body.material} (${body.status}${percent})…`;
    state.building = true;
    setTimeout(() => { if (ticket === state.request) analyse(keepLine); }, 1000);
    return;
  }
  if (status !== 200) {
    $('status').textContent = body.error || `error ${status}`;
    return;
  }
  if (state.building) loadServed();
  state.building = false;
  state.answer = body;
  $('status').textContent = describe(body);
  showMoves(body);
  drawBoard();
  if (!keepLine) loadMainline(fen, ticket);
  loadStats(body.material);
}

async function loadMainline(fen, ticket) {
  const { status, body } = await getJson(`/xiangqi/mainline?fen=${encodeURIComponent(fen)}`);
  if (ticket !== state.request || status !== 200) return;
  state.mainline = { start: fen, ...body };
  state.step = 0;
  const list = $('mainline');
  list.replaceChildren();
  body.mainline.forEach((m, i) => {
    const item = document.createElement('li');
    item.dataset.uci = m.uci;
    item.textContent = `${moveName(m)} `;
    item.appendChild(badge(m.category, m.dtm, m.dtm_to));
    item.addEventListener('click', () => stepTo(i + 1));
    list.appendChild(item);
  });
}

// Shows the mainline's position after `step` moves, without losing it.
function stepTo(step) {
  const line = state.mainline;
  if (!line) return;
  const clamped = Math.max(0, Math.min(step, line.mainline.length));
  const parsed = parseFen(clamped === 0 ? line.start : line.mainline[clamped - 1].fen);
  state.board = parsed.board;
  state.side = parsed.side;
  state.step = clamped;
  state.selected = null;
  state.answer = null;
  $('fen').value = toFen();
  $('side').value = state.side;
  [...$('mainline').children].forEach((item, i) => item.classList.toggle('current', i + 1 === clamped));
  drawBoard();
  analyse(true);
}

function exportLine(kind) {
  const line = state.mainline;
  const box = $('export');
  if (!line) return;
  box.hidden = false;
  const blackFirst = line.start.split(' ')[1] === 'b';
  const result = line.winner === 'red' ? '1-0' : line.winner === 'black' ? '0-1' : '1/2-1/2';
  let moves = '';
  line.mainline.forEach((m, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0) moves += `${ply / 2 + 1}. `;
    else if (i === 0) moves += '1. ... ';
    moves += `${m.wxf} `;
  });
  if (kind === 'pgn') {
    box.value = `[Game "Chinese Chess"]\n[Variant "xiangqi"]\n[FEN "${line.start}"]\n[Result "${result}"]\n[Format "WXF"]\n\n${moves}${result}\n`;
  } else {
    box.value = `${moves.trim()}\n`;
  }
}

async function loadStats(material) {
  const { status, body } = await getJson(`/endgames/${material}`);
  const holder = $('stats');
  if (status !== 200) {
    holder.textContent = body.error || '';
    return;
  }
  const table = document.createElement('table');
  table.className = 'stats';
  const rows = [['', 'Red to move', 'Black to move']];
  for (const key of ['legal', 'win', 'draw', 'loss', 'by_rules']) {
    rows.push([key, body.red_to_move[key], body.black_to_move[key]]);
  }
  const longest = (side) => (side.longest_win ? `${side.longest_win.plies}` : '—');
  rows.push(['longest win', longest(body.red_to_move), longest(body.black_to_move)]);
  rows.forEach((cells, i) => {
    const tr = document.createElement('tr');
    for (const cell of cells) {
      const td = document.createElement(i === 0 ? 'th' : 'td');
      td.textContent = typeof cell === 'number' ? cell.toLocaleString() : cell;
      tr.appendChild(td);
    }
    table.appendChild(tr);
  });
  const title = document.createElement('p');
  title.textContent = `${body.material}: ${body.entries.toLocaleString()} index entries, ${body.rules} rules`;
  holder.replaceChildren(title, table);
  for (const [name, side] of [['red', body.red_to_move], ['black', body.black_to_move]]) {
    if (!side.longest_win) continue;
    const link = document.createElement('button');
    link.textContent = `Longest win, ${name} to move`;
    link.addEventListener('click', () => setFen(side.longest_win.fen, true));
    holder.appendChild(link);
  }
}

// The endgames served and the builds under way; a click shows one's
// statistics.
async function loadServed() {
  const { status, body } = await getJson('/endgames');
  const holder = $('served');
  if (status !== 200) return;
  holder.replaceChildren();
  for (const endgame of body.endgames) {
    const button = document.createElement('button');
    button.className = 'endgame';
    button.textContent = endgame.material;
    button.title = `${endgame.entries.toLocaleString()} index entries`;
    button.addEventListener('click', () => loadStats(endgame.material));
    holder.appendChild(button);
  }
  const builds = body.builds;
  if (builds.building || builds.queued.length) {
    const note = document.createElement('p');
    note.textContent = `Building: ${builds.building || '—'}; queued: ${builds.queued.join(', ') || '—'}`;
    holder.appendChild(note);
  }
  if (!builds.enabled) {
    const note = document.createElement('p');
    note.textContent = 'This server does not build missing tables.';
    holder.appendChild(note);
  }
}

function init() {
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; drawBoard(); });
  $('edit').addEventListener('click', () => {
    state.editing = !state.editing;
    $('edit').classList.toggle('active', state.editing);
    $('palette').hidden = !state.editing;
    drawPalette();
  });
  $('clear').addEventListener('click', () => {
    state.board = { e0: 'K', e9: 'k' };
    if (!state.editing) $('edit').click();
    changed(true);
  });
  $('back').addEventListener('click', () => {
    const fen = state.history.pop();
    if (fen) {
      const parsed = parseFen(fen);
      state.board = parsed.board;
      state.side = parsed.side;
      changed(false);
    }
  });
  $('side').addEventListener('change', () => { state.side = $('side').value; changed(true); });
  $('set-fen').addEventListener('click', () => {
    try {
      setFen($('fen').value, true);
    } catch (error) {
      $('status').textContent = `Bad FEN: ${error.message}`;
    }
  });
  $('fen').addEventListener('keydown', (event) => { if (event.key === 'Enter') $('set-fen').click(); });
  $('copy-fen').addEventListener('click', () => {
    $('fen').select();
    if (navigator.clipboard) navigator.clipboard.writeText($('fen').value).catch(() => {});
  });
  $('chinese').addEventListener('change', () => {
    drawBoard();
    drawPalette();
    if (state.answer) showMoves(state.answer);
    analyse(false);
  });
  $('ml-first').addEventListener('click', () => stepTo(0));
  $('ml-prev').addEventListener('click', () => stepTo(state.step - 1));
  $('ml-next').addEventListener('click', () => stepTo(state.step + 1));
  $('ml-last').addEventListener('click', () => stepTo(Infinity));
  $('ml-pgn').addEventListener('click', () => exportLine('pgn'));
  $('ml-wxf').addEventListener('click', () => exportLine('wxf'));
  loadServed();
  const fromUrl = new URLSearchParams(window.location.search).get('fen');
  try {
    setFen(fromUrl || '3k5/9/9/9/9/9/9/9/4R4/5K3 w', false);
  } catch (error) {
    setFen('3k5/9/9/9/9/9/9/9/4R4/5K3 w', false);
  }
}

init();
