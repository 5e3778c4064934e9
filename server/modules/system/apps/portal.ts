/**
 * uni-portal: the static download page of an app (one self-contained index.html: inline CSS,
 * the app's name, icon, description, per-platform download links and QR codes as inline SVG).
 */
import type { IosLink, PlatformLink } from '../../../db/schema';
import { MINI_PROGRAMS } from '../../../db/schema';
import type { AppRow } from './schemas';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** only http(s) links go into the page */
const safeUrl = (u: string | undefined | null) => (u && /^https?:\/\//i.test(u.trim()) ? u.trim() : null);

/** qrcode loads with the first portal page made, not with the server */
const qr = async (url: string) => (await import('qrcode')).default.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: 160 });

const MP_LABELS: Record<string, string> = {
  mp_weixin: 'WeChat mini program / 微信小程序',
  mp_alipay: 'Alipay mini program / 支付宝小程序',
  mp_baidu: 'Baidu smart program / 百度小程序',
  mp_toutiao: 'Douyin mini program / 抖音小程序',
  mp_qq: 'QQ mini program / QQ 小程序',
  mp_kuaishou: 'Kuaishou mini program / 快手小程序',
  mp_lark: 'Lark mini program / 飞书小程序',
  mp_jd: 'JD mini program / 京东小程序',
  mp_dingtalk: 'DingTalk mini program / 钉钉小程序',
  quickapp: 'Quick app / 快应用',
};

interface Card {
  title: string;
  name?: string;
  url?: string | null;
  /** inline SVG generated here, or an image url of a QR code the record holds */
  qrSvg?: string;
  qrImage?: string | null;
}

export async function renderPortal(app: AppRow): Promise<string> {
  const cards: Card[] = [];
  const link = async (title: string, block: PlatformLink | IosLink | null | undefined, extra?: string) => {
    const url = safeUrl(block?.url);
    if (!url) return;
    cards.push({ title, name: block?.name ?? extra, url, qrSvg: await qr(url) });
  };
  await link('Android', app.app_android);
  await link('iOS', app.app_ios);
  const abm = safeUrl(app.app_ios?.abm_url);
  if (abm) cards.push({ title: 'iOS (Apple Business Manager)', url: abm, qrSvg: await qr(abm) });
  await link('HarmonyOS', app.app_harmony);
  await link('H5 / Web', app.h5);
  for (const k of MINI_PROGRAMS) {
    const mp = app[k];
    if (!mp || (!mp.name && !mp.qrcode_url)) continue;
    cards.push({ title: MP_LABELS[k], name: mp.name, qrImage: safeUrl(mp.qrcode_url) });
  }
  const icon = safeUrl(app.icon_url);
  const shots = app.screenshot.map(safeUrl).filter((s): s is string => Boolean(s));

  const card = (c: Card) => `
      <section class="card">
        <h2>${esc(c.title)}</h2>
        ${c.name ? `<p class="sub">${esc(c.name)}</p>` : ''}
        ${c.qrSvg ? `<div class="qr" role="img" aria-label="QR code ${esc(c.title)}">${c.qrSvg}</div>` : ''}
        ${c.qrImage ? `<img class="qr" src="${esc(c.qrImage)}" alt="QR code ${esc(c.title)}">` : ''}
        ${c.url ? `<a class="btn" href="${esc(c.url)}" target="_blank" rel="noopener">Download / 下载</a>` : ''}
      </section>`;

  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(app.name)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif;background:#f5f7fa;color:#1f2329}
  header{display:flex;flex-direction:column;align-items:center;padding:48px 16px 24px;background:linear-gradient(180deg,#1677ff 0,#4096ff 100%);color:#fff;text-align:center}
  header img{width:96px;height:96px;border-radius:22px;background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.15)}
  header h1{margin:16px 0 8px;font-size:28px}
  header p{margin:0;max-width:640px;opacity:.9;line-height:1.6}
  main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
  .intro{background:#fff;border-radius:12px;padding:16px 20px;margin-bottom:24px;line-height:1.7;white-space:pre-line}
  .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
  .card{background:#fff;border-radius:12px;padding:20px;text-align:center;box-shadow:0 1px 4px rgba(0,0,0,.06)}
  .card h2{margin:0 0 4px;font-size:18px}
  .sub{margin:0 0 12px;color:#646a73;font-size:14px}
  .qr{display:block;width:160px;height:160px;margin:12px auto}
  .qr svg{width:160px;height:160px}
  .btn{display:inline-block;margin-top:8px;padding:8px 20px;border-radius:20px;background:#1677ff;color:#fff;text-decoration:none}
  .shots{display:flex;gap:12px;overflow-x:auto;margin-top:24px}
  .shots img{height:360px;border-radius:12px}
  footer{text-align:center;color:#8f959e;font-size:12px;padding:24px}
</style>
</head>
<body>
  <header>
    ${icon ? `<img src="${esc(icon)}" alt="${esc(app.name)}">` : ''}
    <h1>${esc(app.name)}</h1>
    ${app.introduction ? `<p>${esc(app.introduction)}</p>` : ''}
  </header>
  <main>
    ${app.description ? `<div class="intro">${esc(app.description)}</div>` : ''}
    <div class="grid">${cards.length ? cards.map(card).join('') : '<p>No download yet / 暂无下载</p>'}
    </div>
    ${shots.length ? `<div class="shots">${shots.map((s) => `<img src="${esc(s)}" alt="screenshot">`).join('')}</div>` : ''}
  </main>
  <footer>${esc(app.appid)}</footer>
</body>
</html>
`;
}
