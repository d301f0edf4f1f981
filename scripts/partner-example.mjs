// An example partner page (docs/identity.md, "Partner links"): a partner's site that embeds the
// sportsbook in a frame and signs its players in, both ways a partner can. Its server signs an
// authToken for the link, or exchanges one for a one-time passcode with a call of its own; the
// page prints every message the framed site posts, here and on this process's output.
//
//   PARTNER_SECRETS=example:example-partner-secret-0123456789abcdef \
//   EMBED_ORIGINS=http://127.0.0.1:8090 npm start
//   node scripts/partner-example.mjs        # then open http://127.0.0.1:8090/
//
// Settings (environment): SITE_URL (http://127.0.0.1:8080), PARTNER_CHANNEL (example),
// PARTNER_SECRET (the channel's secret in the site's PARTNER_SECRETS), PORT (8090).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const siteUrl = (process.env.SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const channel = process.env.PARTNER_CHANNEL ?? 'example';
const secret = process.env.PARTNER_SECRET ?? 'example-partner-secret-0123456789abcdef';
const port = Number(process.env.PORT ?? 8090);
/** A link's authToken may live an hour at most; this one lives ten minutes. */
const tokenLifetimeSeconds = 600;

function base64url(value) {
  return Buffer.from(value).toString('base64url');
}

/** base64url(JSON claims) + "." + base64url(HMAC-SHA256(secret, first part)). */
function signAuthToken(claims, signingSecret = secret) {
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', signingSecret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

function claimsFor(principal, { isExpired = false } = {}) {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return {
    channel,
    principal,
    exp: isExpired ? nowSeconds - 60 : nowSeconds + tokenLifetimeSeconds,
    agentId: 1,
    currencyCode: 'CNY',
    // A token works once; the nonce keeps two tokens signed within one second apart.
    nonce: randomBytes(8).toString('base64url'),
  };
}

/**
 * The link of a signed authToken: the partner's player, its language and currency. `isForged`
 * signs it with a secret the site does not know, to see a refusal.
 */
function signedLink(principal, lang, { isExpired = false, isForged = false } = {}) {
  const signingSecret = isForged ? `${secret}-not-the-real-one` : secret;
  const query = new URLSearchParams({
    authToken: signAuthToken(claimsFor(principal, { isExpired }), signingSecret),
    principal,
    channel,
    lang,
    siteNo: '7',
    currencyCode: 'CNY',
  });
  // After the hash, the parameters never travel to a server, nor into its request logs.
  return `${siteUrl}/#/index?${query}`;
}

/** Server to server: the same signed authToken, exchanged for a passcode that works once. */
async function passcodeLink(principal, lang) {
  const response = await fetch(`${siteUrl}/open/member/passcode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      authToken: signAuthToken(claimsFor(principal)),
      principal,
      channel,
      lang,
    }),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`passcode refused: ${answer.code} ${answer.msg}`);
  console.log(
    `passcode for ${principal}, valid until ${new Date(answer.data.expiresAt).toISOString()}`,
  );
  return `${siteUrl}/#/index?${new URLSearchParams({ passcode: answer.data.passcode, lang, siteNo: '7' })}`;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(frameUrl, principal, lang) {
  const choices = [
    ['signed', 'Signed link'],
    ['passcode', 'Passcode link'],
    ['expired', 'Expired link'],
    ['forged', 'Badly signed link'],
  ]
    .map(
      ([kind, label]) =>
        `<a href="/?kind=${kind}&principal=${encodeURIComponent(principal)}&lang=${lang}">${label}</a>`,
    )
    .join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example partner</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; }
  header { padding: 10px 12px; background: #1d2333; color: #fff; display: flex; gap: 12px; flex-wrap: wrap; }
  header a { color: #9cc2ff; }
  iframe { display: block; width: 100%; height: 70vh; border: 0; }
  pre { margin: 0; padding: 8px 12px; background: #f3f4f7; max-height: 25vh; overflow: auto; }
</style>
</head>
<body>
<header><strong>Example partner</strong><span>player ${escapeHtml(principal)}</span>${choices}</header>
<iframe id="site" title="Sportsbook" src="${escapeHtml(frameUrl)}"></iframe>
<pre id="messages">Messages from the site appear here.\n</pre>
<script>
  const site = new URL(${JSON.stringify(siteUrl)}).origin;
  window.addEventListener('message', (event) => {
    // Only the framed site's messages count; anything else may post to a page too.
    if (event.origin !== site) return;
    document.getElementById('messages').textContent += JSON.stringify(event.data) + '\\n';
    fetch('/messages', { method: 'POST', body: JSON.stringify(event.data) });
  });
</script>
</body>
</html>`;
}

async function frameUrlFor(kind, principal, lang) {
  if (kind === 'passcode') return passcodeLink(principal, lang);
  if (kind === 'expired') return signedLink(principal, lang, { isExpired: true });
  if (kind === 'forged') return signedLink(principal, lang, { isForged: true });
  return signedLink(principal, lang);
}

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, 4096)));
  });
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  try {
    if (request.method === 'POST' && url.pathname === '/messages') {
      console.log(`message from the site: ${await readBody(request)}`);
      response.writeHead(204).end();
      return;
    }
    if (url.pathname !== '/') {
      response.writeHead(404).end();
      return;
    }
    const principal = (url.searchParams.get('principal') || 'player-1').slice(0, 64);
    const lang = ['zh', 'zht', 'en'].includes(url.searchParams.get('lang') ?? '')
      ? url.searchParams.get('lang')
      : 'zh';
    const frameUrl = await frameUrlFor(url.searchParams.get('kind') ?? 'signed', principal, lang);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(frameUrl, principal, lang));
  } catch (error) {
    console.error(error.message);
    response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`The site could not be asked: ${error.message}`);
  }
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    `example partner page on http://127.0.0.1:${address.port}/ (site ${siteUrl}, channel ${channel})`,
  );
});
