/**
 * A page of its own, in the site's colours with its styles inline, for answers that come without
 * the site's layout and stylesheet: the request guards' refusals (before the app runs) and the
 * order queue's page (asked for every few seconds by every waiting buyer on a big night).
 */
export function plainPageHtml(page: { eyebrow: string; title: string; message: string; link: { href: string; text: string }; refreshSeconds?: number }): string {
  const refresh = page.refreshSeconds ? `<meta http-equiv="refresh" content="${page.refreshSeconds}">` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}` +
    `<title>${escapeHtml(page.title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>` +
    `<body style="margin:0;min-height:100vh;background:#f5f6f8;color:#142240;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">` +
    `<main style="max-width:32rem;margin:0 auto;padding:12vh 1rem">` +
    `<div style="background:#fff;border-radius:16px;padding:2rem;box-shadow:0 1px 3px rgba(20,34,64,.12)">` +
    `<p style="margin:0;color:#7a5610;font-size:.8rem;font-weight:700;letter-spacing:.12em;text-transform:uppercase">${escapeHtml(page.eyebrow)}</p>` +
    `<h1 style="margin:.4rem 0 1rem;font-family:Georgia,serif;font-size:2rem">${escapeHtml(page.title)}</h1>` +
    `<p style="margin:0 0 1.5rem;line-height:1.6;color:#334155">${escapeHtml(page.message)}</p>` +
    `<a href="${escapeHtml(page.link.href)}" style="display:inline-block;background:#1b2f57;color:#fff;padding:.7rem 1.2rem;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(page.link.text)}</a>` +
    `</div></main></body></html>`
  );
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
