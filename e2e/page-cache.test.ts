import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { freshEmail, PASSWORD, TEST_ADMIN } from './accounts.ts';
import { baseUrl, consentCookieValue } from './browser.ts';

/**
 * The visitors' page cache (issue 12), over plain HTTP against the production server: what one
 * visitor gets is never served to another whose language, consent, session or content differs.
 */

type Answer = { status: number; headers: Headers; body: string; isHit: boolean };

async function get(
  path: string,
  init: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl()}${path}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
  });
  const body = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body,
    isHit: response.headers.get('x-cache') === 'hit',
  };
}

/** The same request until it comes from the cache (the first render is kept once it is compressed). */
async function cached(path: string, init: { cookie?: string } = {}): Promise<Answer> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await get(path, init);
    if (answer.isHit) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

/** A signed-in session: the cookie header and the XSRF header of unsafe requests. */
async function signIn(email: string, password: string) {
  const response = await fetch(`${baseUrl()}/api/auth:signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const cookie = cookies.join('; ');
  const xsrf =
    cookies.find((pair) => pair.startsWith(`${XSRF_COOKIE}=`))?.slice(XSRF_COOKIE.length + 1) ?? '';
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        cookie,
        [XSRF_HEADER]: decodeURIComponent(xsrf),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  return { cookie, send };
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(([, , content]) => content ?? '');

describe('the visitors’ page cache', () => {
  it('serves a repeated visit from the cache, its inline scripts allowed by hash instead of a nonce', async () => {
    const first = await get('/over-ons');
    expect(first.status).toBe(200);
    const hit = await cached('/over-ons');
    expect(hit.body).toBe(first.body);
    const policy = hit.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain("'nonce-");
    const scripts = inlineScripts(hit.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    // A browser that holds it revalidates for nothing.
    const etag = hit.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${baseUrl()}/over-ons`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // And it leaves compressed, as it was kept.
    const compressed = await fetch(`${baseUrl()}/over-ons`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    // A client that takes only gzip gets the same page in gzip; one that takes nothing, plain.
    const gzipped = await fetch(`${baseUrl()}/over-ons`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(first.body);
    const plain = await fetch(`${baseUrl()}/over-ons`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(first.body);
  });

  it('is never served across languages', async () => {
    const dutch = await cached('/', { cookie: 'lang=nl' });
    const english = await cached('/', { cookie: 'lang=en' });
    expect(dutch.body).toContain('<html lang="nl"');
    expect(english.body).toContain('<html lang="en"');
    expect((await cached('/', { cookie: 'lang=nl' })).body).toContain('<html lang="nl"');
  });

  it('is never served across consent choices', async () => {
    // The demo home page embeds a video, loaded only with consent for functional cookies.
    const withConsent = `cookie-consent=${consentCookieValue(['required', 'functional'])}`;
    const without = `cookie-consent=${consentCookieValue(['required'])}`;
    expect((await cached('/', { cookie: withConsent })).body).toContain('<iframe');
    expect((await cached('/', { cookie: without })).body).not.toContain('<iframe');
    expect((await cached('/')).body).not.toContain('<iframe');
    // Another visitor with the same choice, made at another moment, shares the entry.
    const sameChoiceLater = `cookie-consent=${encodeURIComponent(JSON.stringify({ categories: ['functional', 'required'], date: '2026-01-01T00:00:00.000Z' }))}`;
    expect((await get('/', { cookie: sameChoiceLater })).isHit).toBe(true);
  });

  it('never serves a visitor’s page to a signed-in user, nor theirs to a visitor', async () => {
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const visitorPage = await cached('/');
    for (let round = 0; round < 3; round += 1) {
      const signedIn = await get('/', { cookie: admin.cookie });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).not.toBe(visitorPage.body);
      expect(signedIn.body).toContain(TEST_ADMIN.email);
    }
    const visitor = await get('/');
    expect(visitor.body).not.toContain(TEST_ADMIN.email);
  });

  it('shows a change at once: the key carries the content version', async () => {
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const page = (await (await fetch(`${baseUrl()}/api/pages:withName?name=geschiedenis`)).json()) as {
      guid: string;
      title: string;
    };
    const before = await cached('/over-ons/geschiedenis');
    const title = `Geschiedenis ${Date.now().toString(36)}`;
    expect(before.body).not.toContain(title);
    await admin.send('PUT', `/api/pages/${page.guid}`, { titleTranslations: { nl: title } });
    try {
      const after = await get('/over-ons/geschiedenis');
      expect(after.isHit).toBe(false);
      expect(after.body).toContain(title);
      expect((await cached('/over-ons/geschiedenis')).body).toContain(title);
    } finally {
      await admin.send('PUT', `/api/pages/${page.guid}`, { titleTranslations: { nl: page.title } });
    }
  });

  it('keeps what a change did not touch: an edit of one page, an item, a setting (cache tags, issue 29)', async () => {
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    type Block = { guid: string; buildingBlockName: string; content: unknown };
    const blocksOf = async (name: string) =>
      (
        (await (
          await fetch(`${baseUrl()}/api/pages:withName?name=${name}`, { headers: { cookie: admin.cookie } })
        ).json()) as { buildingBlockInstances: Block[] }
      ).buildingBlockInstances;
    const text = (await blocksOf('geschiedenis')).find((block) => block.buildingBlockName === 'text');
    const list = (await blocksOf('nieuws')).find((block) => block.buildingBlockName === 'list');
    if (!text || !list)
      throw new Error('the demo site has a text block on Geschiedenis and a list on Nieuws');
    const marker = `Bijgewerkt ${Date.now().toString(36)}`;
    const paragraph = (words: string) => ({
      nl: {
        doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] },
      },
    });
    const settings = (await (
      await fetch(`${baseUrl()}/api/platformsettingvalues?keys=platformDescription&includeAll=true`, {
        headers: { cookie: admin.cookie },
      })
    ).json()) as { key: string; value: string }[];
    const description = settings.find((entry) => entry.key === 'platformDescription')?.value ?? '';
    const pages = ['/over-ons/geschiedenis', '/contact', '/nieuws'];
    let itemGuid: string | null = null;
    try {
      for (const path of pages) await cached(path);
      // A block of Geschiedenis: that page is made again, the others still come from the cache.
      await admin.send('PUT', `/api/buildingblockinstance/${text.guid}`, { content: paragraph(marker) });
      const edited = await get('/over-ons/geschiedenis');
      expect(edited.isHit).toBe(false);
      expect(edited.body).toContain(marker);
      expect((await get('/contact')).isHit).toBe(true);
      expect((await get('/nieuws')).isHit).toBe(true);

      // An item added to the news list: the news page is made again, a page without items is not.
      const created = (await admin.send('POST', `/api/listitem/list/${list.guid}`, [
        { title: { nl: marker }, listItemTypeName: 'nieuws' },
      ])) as { guid: string }[];
      itemGuid = created[0]?.guid ?? null;
      const listed = await get('/nieuws');
      expect(listed.isHit).toBe(false);
      expect(listed.body).toContain(marker);
      expect((await get('/contact')).isHit).toBe(true);
      expect((await cached('/over-ons/geschiedenis')).body).toContain(marker);

      // A setting every page shows: all of them are made again.
      await admin.send('PUT', '/api/platformsettingvalues', [{ key: 'platformDescription', value: marker }]);
      for (const path of pages) expect((await get(path)).isHit, path).toBe(false);
    } finally {
      await admin.send('PUT', `/api/buildingblockinstance/${text.guid}`, { content: text.content });
      if (itemGuid) await admin.send('DELETE', `/api/listitem/${itemGuid}`);
      await admin.send('PUT', '/api/platformsettingvalues', [
        { key: 'platformDescription', value: description },
      ]);
    }
  });

  it('never keeps a members-only page, nor a page with a form', async () => {
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const { segment } = await membersOnlyPage(admin, 'Ledenpagina', `leden-${Date.now().toString(36)}`);
    // The admin sees it (never from the cache); a visitor is sent to sign in, every time.
    const signedIn = await get(`/${segment}`, { cookie: admin.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('Ledenpagina');
    for (let round = 0; round < 3; round += 1) {
      const visitor = await get(`/${segment}`);
      expect(visitor.status).toBe(302);
      expect(visitor.isHit).toBe(false);
      expect(visitor.body).not.toContain('Ledenpagina');
    }
    // The demo's volunteers page holds a form: filled per visitor (one per person, audiences).
    for (let round = 0; round < 3; round += 1) {
      const form = await get('/activiteiten/vrijwilligers');
      expect(form.status).toBe(200);
      expect(form.isHit).toBe(false);
    }
  });
});

/** A published page for the members of a new role, in the top level menu at `/{segment}`. */
async function membersOnlyPage(admin: Awaited<ReturnType<typeof signIn>>, title: string, segment: string) {
  const role = (await admin.send('POST', '/api/roles', { name: `Rol ${segment}` })) as { guid: string };
  const page = (await admin.send('POST', '/api/pages', {
    title: { nl: title },
    layout: '100',
    isPublished: true,
    roleIds: [role.guid],
  })) as { guid: string };
  const menu = (await (await fetch(`${baseUrl()}/api/menus:withName?name=Top%20level%20menu`)).json()) as {
    guid: string;
  };
  await admin.send('POST', `/api/menus/${menu.guid}/items`, {
    name: { nl: title },
    urlSegment: segment,
    pageGuid: page.guid,
    isVisible: true,
  });
  return { role, page, segment };
}

/** A new member with the current terms accepted, signed in (a class of their own: no role, no photo). */
async function newMember(firstName: string, lastName: string) {
  const email = freshEmail('member-cache');
  const signUp = await fetch(`${baseUrl()}/api/auth:signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName, lastName, locale: 'nl' }),
  });
  expect(signUp.status).toBe(201);
  const { guid } = (await signUp.json()) as { guid: string };
  const member = await signIn(email, PASSWORD);
  const settings = (await (
    await fetch(`${baseUrl()}/api/platformsettingvalues?keys=termsOfUseVersion`)
  ).json()) as { key: string; value: string }[];
  const terms = Number(settings.find((entry) => entry.key === 'termsOfUseVersion')?.value ?? '1');
  await member.send('PUT', '/api/profiles:loggedIn', { termsOfUseVersionAccepted: terms });
  return { ...member, guid, email, firstName, lastName };
}

/** How React writes a text into the page. */
const inMarkup = (text: string) =>
  text.replace(
    /["'&<>]/g,
    (char) => ({ '"': '&quot;', "'": '&#x27;', '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char] ?? char,
  );

describe('members’ pages (issue 29)', () => {
  it('renders a page once for members with the same flags and roles, each seeing only their own name', async () => {
    const stamp = Date.now().toString(36);
    const anna = await newMember(`Anna${stamp} <b>vet</b>`, `"O'Brien" & Zn`);
    const bert = await newMember(`Bert${stamp}`, 'de Vries');
    for (const locale of ['nl', 'en'] as const) {
      const cookieOf = (member: { cookie: string }) => `${member.cookie}; ${LOCALE_COOKIE}=${locale}`;
      await get('/over-ons', { cookie: cookieOf(anna) });
      const annas = await cached('/over-ons', { cookie: cookieOf(anna) });
      // Bert shares Anna's class: his first request comes from the entry her visit made.
      const berts = await get('/over-ons', { cookie: cookieOf(bert) });
      expect(berts.isHit, locale).toBe(true);
      expect(berts.headers.get('cache-control')).toBe('private, no-cache');
      expect(annas.body).toContain(inMarkup(`Anna${stamp} <b>vet</b> "O'Brien" & Zn`));
      expect(annas.body).toContain(anna.email);
      expect(berts.body).toContain(`Bert${stamp} de Vries`);
      expect(berts.body).toContain(bert.email);
      expect(berts.body).not.toContain(anna.email);
      expect(berts.body).not.toContain(`Anna${stamp}`);
      expect(annas.body).not.toContain(bert.email);
      expect(berts.body).toContain(`<html lang="${locale}"`);
      // The policy's nonce is this answer's, on every inline script (data blocks need none).
      const nonce = berts.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      const scripts = [...berts.body.matchAll(/<script\b([^>]*)>/gi)].filter(
        ([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes ?? ''),
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    }
    // A client-side navigation's data comes from the class's entry too, with the person in it.
    await get('/contact.data', { cookie: anna.cookie });
    const data = await cached('/contact.data', { cookie: bert.cookie });
    expect(data.body).toContain(`Bert${stamp}`);
    expect(data.body).not.toContain(`Anna${stamp}`);
    // Neither person reaches a visitor, nor the admin (another class).
    const visitor = await cached('/over-ons');
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const admins = await get('/over-ons', { cookie: admin.cookie });
    for (const answer of [visitor, admins]) {
      expect(answer.body).not.toContain(stamp);
      expect(answer.body).not.toContain(anna.email);
    }
    expect(admins.body).toContain(TEST_ADMIN.email);
  });

  it('shows a members-only page only to members whose roles may see it, from their class’s entry', async () => {
    const stamp = Date.now().toString(36);
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const { role, segment } = await membersOnlyPage(admin, `Bestuurspagina ${stamp}`, `bestuur-${stamp}`);
    const [board, other] = [await newMember(`Dirk${stamp}`, 'Bos'), await newMember(`Eva${stamp}`, 'Smit')];
    await admin.send('PUT', `/api/users/${board.guid}`, { roleIds: [role.guid] });
    await get(`/${segment}`, { cookie: board.cookie });
    const shown = await cached(`/${segment}`, { cookie: board.cookie });
    expect(shown.body).toContain(`Bestuurspagina ${stamp}`);
    expect(shown.body).toContain(`Dirk${stamp}`);
    for (let round = 0; round < 3; round += 1) {
      const refused = await get(`/${segment}`, { cookie: other.cookie });
      expect(refused.status).toBe(302);
      expect(refused.headers.get('location')).toBe('/unauthorized');
      expect(refused.body).not.toContain('Bestuurspagina');
    }
    // Without the role, the board member's class is another one: no longer shown.
    await admin.send('PUT', `/api/users/${board.guid}`, { roleIds: [] });
    const after = await get(`/${segment}`, { cookie: board.cookie });
    expect(after.status).toBe(302);
    expect(after.body).not.toContain('Bestuurspagina');
  });

  it('shows a change to members at once, and never keeps a page with a form for them', async () => {
    const stamp = Date.now().toString(36);
    const member = await newMember(`Carla ${stamp}`, 'Jansen');
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const page = (await (await fetch(`${baseUrl()}/api/pages:withName?name=geschiedenis`)).json()) as {
      guid: string;
      title: string;
    };
    await cached('/over-ons/geschiedenis', { cookie: member.cookie });
    const title = `Geschiedenis ${stamp}`;
    await admin.send('PUT', `/api/pages/${page.guid}`, { titleTranslations: { nl: title } });
    try {
      const after = await get('/over-ons/geschiedenis', { cookie: member.cookie });
      expect(after.isHit).toBe(false);
      expect(after.body).toContain(title);
      expect(after.body).toContain(`Carla ${stamp}`);
    } finally {
      await admin.send('PUT', `/api/pages/${page.guid}`, { titleTranslations: { nl: page.title } });
    }
    for (let round = 0; round < 3; round += 1) {
      const form = await get('/activiteiten/vrijwilligers', { cookie: member.cookie });
      expect(form.status).toBe(200);
      expect(form.isHit).toBe(false);
      expect(form.body).toContain(`Carla ${stamp}`);
    }
    // Their own screens are rendered for them, never from a shared entry.
    for (let round = 0; round < 2; round += 1) {
      const account = await get('/account/profile', { cookie: member.cookie });
      expect(account.isHit).toBe(false);
      expect(account.body).toContain(member.email);
    }
  });
});

describe('the public API cache', () => {
  it('answers an anonymous page read from memory, with its cache-token as ETag (304 when held)', async () => {
    const { guid } = (await (await fetch(`${baseUrl()}/api/pages:withName?name=home`)).json()) as {
      guid: string;
    };
    const first = await fetch(`${baseUrl()}/api/pages/${guid}`);
    const token = first.headers.get('cache-token') ?? '';
    expect(token).not.toBe('');
    let hit = await fetch(`${baseUrl()}/api/pages/${guid}`);
    for (let attempt = 0; attempt < 50 && hit.headers.get('x-cache') !== 'hit'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      hit = await fetch(`${baseUrl()}/api/pages/${guid}`);
    }
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.get('cache-token')).toBe(token);
    expect(await hit.json()).toEqual(await first.json());
    const held = await fetch(`${baseUrl()}/api/pages/${guid}`, { headers: { 'if-none-match': token } });
    expect(held.status).toBe(304);
    // Signed in: never from the cache, still conditional.
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const own = await fetch(`${baseUrl()}/api/pages/${guid}`, { headers: { cookie: admin.cookie } });
    expect(own.headers.get('x-cache')).toBeNull();
    const ownToken = own.headers.get('cache-token') ?? '';
    const ownHeld = await fetch(`${baseUrl()}/api/pages/${guid}`, {
      headers: { cookie: admin.cookie, 'if-none-match': `"${ownToken}"` },
    });
    expect(ownHeld.status).toBe(304);
  });

  it('keeps a page read while another page is edited; the edited one answers anew (cache tags)', async () => {
    const admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const pageOf = async (name: string) =>
      (await (
        await fetch(`${baseUrl()}/api/pages:withName?name=${name}`, { headers: { cookie: admin.cookie } })
      ).json()) as {
        guid: string;
        buildingBlockInstances: { guid: string; buildingBlockName: string; content: unknown }[];
      };
    const edited = await pageOf('geschiedenis');
    const other = await pageOf('contact');
    const text = edited.buildingBlockInstances.find((block) => block.buildingBlockName === 'text');
    if (!text) throw new Error('the demo site has a text block on Geschiedenis');
    const read = async (guid: string) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const answer = await fetch(`${baseUrl()}/api/pages/${guid}`);
        if (answer.headers.get('x-cache') === 'hit') return answer;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`/api/pages/${guid} never came from the cache`);
    };
    const otherToken = (await read(other.guid)).headers.get('cache-token');
    const editedToken = (await read(edited.guid)).headers.get('cache-token');
    const marker = `API ${Date.now().toString(36)}`;
    const paragraph = {
      nl: {
        doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: marker }] }] },
      },
    };
    await admin.send('PUT', `/api/buildingblockinstance/${text.guid}`, { content: paragraph });
    try {
      const kept = await fetch(`${baseUrl()}/api/pages/${other.guid}`);
      expect(kept.headers.get('x-cache')).toBe('hit');
      expect(kept.headers.get('cache-token')).toBe(otherToken);
      const anew = await fetch(`${baseUrl()}/api/pages/${edited.guid}`);
      expect(anew.headers.get('x-cache')).toBeNull();
      expect(anew.headers.get('cache-token')).not.toBe(editedToken);
      expect(await anew.text()).toContain(marker);
    } finally {
      await admin.send('PUT', `/api/buildingblockinstance/${text.guid}`, { content: text.content });
    }
  });
});
