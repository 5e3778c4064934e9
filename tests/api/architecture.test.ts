/**
 * The server's structure: server/core never imports server/modules (core is the part worth
 * copying on its own), no server file or module reaches itself through its imports, every module
 * has one manifest, every table has one owner, and only manifests construct services.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCKS } from '../../server/core/locks';
import { CORE_TABLES, MANIFESTS } from '../../server/modules';

const ROOT = path.join(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'server');

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : serverFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** every relative import, export-from and dynamic import/type import of a file, type-only ones too */
export function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const specs = new Set<string>();
  const patterns = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s*['"]([^'"]+)['"]/gm];
  for (const re of patterns) for (const m of text.matchAll(re)) specs.add(m[1]);
  const out: string[] = [];
  for (const spec of specs) {
    if (!spec.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const hit = [`${base}.ts`, path.join(base, 'index.ts'), base].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

const rel = (f: string) => path.relative(ROOT, f);
const inDir = (f: string, dir: string) => f.startsWith(path.join(SERVER, dir) + path.sep);

/** the import graph among server files */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of serverFiles(SERVER))
    g.set(
      f,
      importsOf(f).filter((t) => t.startsWith(SERVER + path.sep)),
    );
  return g;
}

/** every cycle found by a depth-first walk, each as the files around it */
export function cyclesOf(g: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of g.get(f) ?? []) {
      if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t]);
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...g.keys()].sort()) if (!state.has(f)) visit(f);
  return cycles;
}

/** the module a file belongs to (the folder under server/modules), or null */
const moduleOf = (f: string) => {
  const parts = path.relative(path.join(SERVER, 'modules'), f).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
};

/** the import graph among modules: one edge for any file of one importing any file of another */
export function moduleGraph(g: Map<string, string[]>): Map<string, string[]> {
  const m = new Map<string, Set<string>>();
  for (const [f, ts] of g) {
    const a = moduleOf(f);
    if (!a) continue;
    if (!m.has(a)) m.set(a, new Set());
    for (const t of ts) {
      const b = moduleOf(t);
      if (b && b !== a) m.get(a)!.add(b);
    }
  }
  return new Map([...m].map(([a, bs]) => [a, [...bs].sort()]));
}

describe('server import structure', () => {
  const g = graph();

  it('finds the server files and their imports', () => {
    // a walker that found nothing would pass the checks below vacuously
    expect(g.size).toBeGreaterThan(50);
    expect(g.get(path.join(SERVER, 'app.ts'))).toContain(path.join(SERVER, 'modules', 'index.ts'));
  });

  it('server/core imports nothing from server/modules', () => {
    const offending = [...g].flatMap(([f, ts]) => (inDir(f, 'core') ? ts.filter((t) => inDir(t, 'modules')).map((t) => `${rel(f)} -> ${rel(t)}`) : []));
    expect(offending).toEqual([]);
  });

  it('no import cycle among server files', () => {
    expect(cyclesOf(g).map((c) => c.map(rel).join(' -> '))).toEqual([]);
  });

  it('no import cycle among modules', () => {
    const mg = moduleGraph(g);
    expect(mg.size).toBeGreaterThan(20);
    expect(cyclesOf(mg).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the checks see a core -> modules import and a cycle when there is one', () => {
    const a = path.join(SERVER, 'core', 'a.ts');
    const b = path.join(SERVER, 'modules', 'b.ts');
    const fake = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(cyclesOf(fake).map((c) => c.map(rel).join(' -> '))).toEqual(['server/core/a.ts -> server/modules/b.ts -> server/core/a.ts']);
    // files that form no cycle among themselves still tie their modules in one
    const m = (x: string) => path.join(SERVER, 'modules', x);
    const files = new Map([
      [m('x/routes.ts'), [m('y/service.ts')]],
      [m('y/routes.ts'), [m('x/service.ts')]],
      [m('x/service.ts'), []],
      [m('y/service.ts'), []],
    ]);
    expect(cyclesOf(files)).toEqual([]);
    expect(cyclesOf(moduleGraph(files))).toEqual([['x', 'y', 'x']]);
    expect(importsOf(a, "import type { X } from '../modules/services';\nconst y = import('./list/query');")).toEqual([
      path.join(SERVER, 'modules', 'services.ts'),
      path.join(SERVER, 'core', 'list', 'query.ts'),
    ]);
  });
});

describe('module manifests', () => {
  const modulesDir = path.join(SERVER, 'modules');
  const folders = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

  it('every module folder has one manifest in the composition root, named after the folder', () => {
    expect(folders.length).toBeGreaterThan(20);
    for (const f of folders) expect(fs.existsSync(path.join(modulesDir, f, 'manifest.ts'))).toBe(true);
    expect(MANIFESTS.map((m) => m.name).sort()).toEqual(folders);
  });

  it('every table the migrations make has exactly one owner', () => {
    const sqlDir = path.join(SERVER, 'db', 'migrations');
    const made = new Set<string>();
    for (const f of fs.readdirSync(sqlDir).filter((n) => n.endsWith('.sql'))) {
      for (const m of fs.readFileSync(path.join(sqlDir, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)"?/g)) made.add(m[1]);
    }
    expect(made.size).toBeGreaterThan(50);
    const owners = new Map<string, string[]>();
    for (const m of MANIFESTS) for (const t of m.tables) owners.set(t, [...(owners.get(t) ?? []), m.name]);
    for (const t of CORE_TABLES) owners.set(t, [...(owners.get(t) ?? []), 'core']);
    expect([...made].filter((t) => owners.get(t)?.length !== 1).map((t) => `${t}: ${owners.get(t)?.join(', ') ?? 'no owner'}`)).toEqual([]);
    // and no manifest claims a table that does not exist
    expect([...owners.keys()].filter((t) => !made.has(t))).toEqual([]);
  });

  it('services are constructed only in manifests (routes, jobs and the seed receive them)', () => {
    const constructs = /\bnew (\w+Service|SearchIndex|RegistrationPolicy)\(/;
    const offending = serverFiles(SERVER)
      // app.ts makes the base every module gets (core's token service, settings, mail)
      .filter((f) => path.basename(f) !== 'manifest.ts' && f !== path.join(SERVER, 'app.ts'))
      .filter((f) => constructs.test(fs.readFileSync(f, 'utf8')))
      .map(rel);
    expect(offending).toEqual([]);
    expect(constructs.test('services: ({ db }) => ({ todos: new TodoService(db) })')).toBe(true);
  });
});

describe('advisory locks', () => {
  it('every key is in the registry once, and no server file takes a lock by a key of its own', () => {
    const keys = Object.values(LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
    const own = /pg_(?:try_)?advisory_(?:xact_)?lock\(\s*(?:\d|hashtext\(')/;
    expect(own.test('sql`SELECT pg_advisory_xact_lock(727004)`')).toBe(true);
    const offending = serverFiles(SERVER)
      .filter((f) => own.test(fs.readFileSync(f, 'utf8')))
      .map(rel);
    expect(offending).toEqual([]);
  });
});

describe('file sizes', () => {
  it('no hand-written file, tests included, is over 500 lines (generated API types and migrations aside)', () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === 'migrations' || e.name === 'node_modules' || e.name.startsWith('.umi') ? [] : walk(p);
        return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) && e.name !== 'api-types.d.ts' ? [p] : [];
      });
    const files = ['server', 'src', 'shared', 'scripts', 'mock', 'bench', 'config', 'tests'].flatMap((d) => walk(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(300);
    const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const long = files.map((f) => [rel(f), lines(fs.readFileSync(f, 'utf8'))] as const).filter(([, n]) => n > 500);
    expect(long).toEqual([]);
  });
});
