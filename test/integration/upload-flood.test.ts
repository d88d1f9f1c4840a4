/**
 * Uploads are refused before they are read: who is calling, what they may write to and the
 * declared size are checked before a byte of the body is taken, so a stranger's 20 MB upload costs
 * the server its headers only. 120 anonymous 20 MB residence-card uploads at once (sent by another
 * process, as an attacker's would be) each get a 401, while the server's memory stays within 150 MB
 * of where it was and /healthz keeps answering within 200 ms.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENTS_PATH, MAX_IMAGE_BYTES } from '../../server/chat/events.ts';
import { CARD_IMAGES_PATH } from '../../server/modules/workforce/card-format.ts';
import { appForFile, loginToken } from '../helpers/app.ts';
import { candidateConversation } from '../helpers/chat.ts';
import { eventually, within } from '../helpers/wait.ts';

const t = appForFile();
let candidateToken: string;
let otherToken: string;
let conversationId: string;

beforeAll(async () => {
  ({ candidateToken, conversationId } = await candidateConversation(t));
  otherToken = await loginToken(t.url, 'candidate2@demo.test');
});

const MB = 1024 * 1024;

/** The residence card's page: its form sends the photos to it. */
const CARD_PAGE = '/staff/card';

/**
 * Sends the headers of an upload that declares `length` bytes and only its first 64 kB, then waits:
 * a server that wanted the body before answering would never answer (until `signal` ends it).
 */
function partialUpload(path: string, length: number, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const type = path.startsWith(CARD_IMAGES_PATH) || path === CARD_PAGE ? 'multipart/form-data; boundary=x' : 'image/png';
    const req = http.request(`${t.url}${path}`, { method: 'POST', agent: false, signal, headers: { 'content-type': type, 'content-length': String(length), accept: 'application/json', ...headers } });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(64 * 1024));
  });
}

/** The flood, from another process: `n` uploads at once, each streaming `mb` MB until the server answers or hangs up. */
const FLOOD = `
import http from 'node:http';
const [url, n, mb] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
const chunk = Buffer.alloc(64 * 1024, 7);
// Half of them as a browser sends (keep-alive), half asking to close the connection.
const one = (i) => new Promise((resolve) => {
  const req = http.request(url, { method: 'POST', agent: i % 2 ? false : new http.Agent({ keepAlive: true }), headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(mb * 1024 * 1024), accept: 'application/json' } });
  let sent = 0, status = 0, error = '';
  const finish = () => resolve({ status, sent, error });
  req.on('response', (res) => { status = res.statusCode; res.resume(); res.on('end', () => { req.destroy(); finish(); }); });
  req.on('error', (e) => { error = e.code; finish(); });
  // 64 kB every 5 ms (about 12 MB/s each, 1.5 GB/s in all), so the flood's own sending does not take the machine's cores.
  const write = () => {
    if (req.destroyed) return;
    if (sent >= mb * 1024 * 1024) return void req.end();
    sent += chunk.length;
    if (req.write(chunk)) setTimeout(write, 5);
    else req.once('drain', () => setTimeout(write, 5));
  };
  write();
});
// Started before the measuring (starting a process pauses its parent), the flood waits for a line on stdin.
process.stdout.write('ready\\n');
process.stdin.once('data', async () => {
  const results = await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
  process.stdout.write(JSON.stringify(results) + '\\n');
  process.exit(0);
});
`;

type Sent = { status: number; sent: number; error: string };

/** Starts the flood's process; `go()` sets it off and gives what each upload got. */
async function floodProcess(path: string, n: number, mb: number): Promise<{ go(): Promise<Sent[]> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOD, `${t.url}${path}`, String(n), String(mb)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  let waiting: (() => void) | null = null;
  child.stdout.on('data', (c: Buffer) => {
    buffered += c.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
    waiting?.();
  });
  const line = (i: number) =>
    within(
      new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`flood exited with ${code}`)));
        const check = () => (lines.length > i ? resolve(lines[i]!) : (waiting = check));
        check();
      }),
      'the flood process',
      60_000,
    );
  expect(await line(0)).toBe('ready');
  return {
    async go() {
      child.stdin.write('go\n');
      return JSON.parse(await line(1)) as Sent[];
    },
  };
}

describe('uploads are refused before they are read', () => {
  it('an anonymous upload gets 401 at once, without the server waiting for its body', async () => {
    const card = await within(partialUpload(CARD_IMAGES_PATH, 20 * MB), 'anonymous card upload answered', 10_000);
    expect(card.status).toBe(401);
    expect(JSON.parse(card.body).error).toBe('unauthenticated');
    const chat = await within(partialUpload(`${ATTACHMENTS_PATH}?conversation_id=${conversationId}`, 20 * MB), 'anonymous chat upload answered', 10_000);
    expect(chat.status).toBe(401);
  });

  it('a person who may not write to the conversation is refused before the body, and so is a declared size over the limit', async () => {
    const path = `${ATTACHMENTS_PATH}?conversation_id=${conversationId}`;
    const stranger = await within(partialUpload(path, 20 * MB, { authorization: `Bearer ${otherToken}` }), 'upload to another’s conversation answered', 10_000);
    expect(stranger.status).toBe(403);
    const tooLarge = await within(partialUpload(path, MAX_IMAGE_BYTES + 1, { authorization: `Bearer ${candidateToken}` }), 'oversized chat upload answered', 10_000);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error).toBe('tooLarge');
    const card = await within(partialUpload(CARD_IMAGES_PATH, 21 * MB, { authorization: `Bearer ${candidateToken}` }), 'oversized card upload answered', 10_000);
    expect(card.status).toBe(413);
  });

  it('the card page’s form is read only for its signed-in person, at most two at a time, and not at all when it says it is over the limit', async () => {
    const browser = { origin: t.url, accept: 'text/html' };
    // Signed out: sent to sign in without the body being taken.
    const anon = await within(partialUpload(CARD_PAGE, 20 * MB, browser), 'anonymous card form answered', 10_000);
    expect(anon.status).toBe(303);
    const signedIn = { ...browser, cookie: `candidate_token=${candidateToken}; lang=en` };
    const tooLarge = await within(partialUpload(CARD_PAGE, 21 * MB, signedIn), 'oversized card form answered', 10_000);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain('Each photo may be up to 10 MB.');
    // Three at once from one person: two are being read (they wait for their bodies), the third is refused unread.
    const stop = new AbortController();
    const three = [1, 2, 3].map(() => partialUpload(CARD_PAGE, 5 * MB, signedIn, stop.signal).catch(() => null));
    const first = await within(Promise.race(three), 'one of three card forms answered', 10_000);
    expect(first?.status).toBe(429);
    expect(first?.body).toContain('What you sent before is still on its way.');
    // The two given up, the person's next form is read again (a form without photos: the page asks for each).
    stop.abort();
    await Promise.all(three);
    const noPhotos = new FormData();
    noPhotos.append('_action', 'upload');
    await eventually(async () => {
      const again = await fetch(`${t.url}${CARD_PAGE}`, { method: 'POST', redirect: 'manual', headers: signedIn, body: noPhotos });
      expect(again.status).toBe(422);
      expect(await again.text()).toMatch(/<p class="field-error" id="back-error">Choose a photo of this side\.<\/p>/);
    });
  });

  it('120 anonymous 20 MB uploads at once: each gets 401, memory grows under 150 MB and /healthz answers within 200 ms', async () => {
    const flood = await floodProcess(CARD_IMAGES_PATH, 120, 20);
    // Warm the paths up first, so what is measured is the flood.
    for (let i = 0; i < 5; i++) expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const before = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    let peak = before;
    const health: number[] = [];
    let flooding = true;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    // /healthz every 100 ms while the flood lasts.
    const probe = (async () => {
      while (flooding) {
        const start = performance.now();
        const res = await fetch(`${t.url}/healthz`);
        await res.arrayBuffer();
        health.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let results: Sent[];
    try {
      results = await flood.go();
    } finally {
      flooding = false;
      clearInterval(sampler);
      await probe;
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const cpu = process.cpuUsage(cpuBefore);
    expect(results.map((r) => `${r.status} ${r.error}`)).toEqual(Array(120).fill('401 '));
    expect((peak - before) / MB).toBeLessThan(150);
    // What the flood cost the server, whatever else the machine runs: well under a second of CPU.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1500);
    // The health check, on a machine with a core to spare: under 200 ms. Where more processes are
    // runnable than there are cores (a shared test machine), this process waits its turn for a
    // core, and the bound grows with that queue; the CPU bound above does not.
    const queue = Math.max(1, os.loadavg()[0]! / os.availableParallelism());
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(200 * queue);
  });
});
