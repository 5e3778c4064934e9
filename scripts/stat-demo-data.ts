/** The demo statistics' apps, pages, events, errors, devices and rhythms (scripts/stat-demo.ts sends them). */

export interface PageDef {
  path: string;
  title: string;
}
export interface AppDef {
  appid: string;
  name: string;
  devices: number;
  /** platform -> weight */
  platforms: Record<string, number>;
  channels: string[];
  /** version -> days ago it was released */
  versions: Array<[string, number]>;
  /** Monday..Sunday activity factors */
  week: number[];
  pages: PageDef[];
  events: Array<[string, (r: () => number) => string | Record<string, unknown> | undefined]>;
  web: string;
  payRate: number;
}

export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
export function weighted<T extends string>(r: () => number, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as Array<[T, number]>;
  let x = r() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [k, w] of entries) if ((x -= w) < 0) return k;
  return entries[entries.length - 1][0];
}

export const DEMO_APPS: AppDef[] = [
  {
    appid: '__UNI__DEMO_SHOP',
    name: 'Demo shop',
    devices: 900,
    platforms: { web: 2, h5: 2, android: 4, ios: 3, 'mp-weixin': 5 },
    channels: ['official', 'huawei', 'xiaomi', 'appstore', 'oppo'],
    versions: [
      ['1.0.0', 400],
      ['1.1.0', 55],
      ['1.2.0', 18],
    ],
    week: [1, 1, 1, 1.05, 1.2, 1.4, 1.35],
    web: 'https://shop.example.com/',
    payRate: 0.05,
    pages: [
      { path: 'pages/index/index', title: 'Home' },
      { path: 'pages/goods/list', title: 'Goods' },
      { path: 'pages/goods/detail', title: 'Goods detail' },
      { path: 'pages/cart/cart', title: 'Cart' },
      { path: 'pages/order/confirm', title: 'Confirm order' },
      { path: 'pages/search/search', title: 'Search' },
      { path: 'pages/user/center', title: 'Me' },
    ],
    events: [
      ['add_to_cart', (r) => ({ goods_id: 100 + Math.floor(r() * 40), qty: 1 + Math.floor(r() * 3) })],
      ['search', (r) => pick(r, ['shoes', 'coat', 'phone case', 'tea', 'headphones', 'desk lamp'])],
      ['share', (r) => ({ to: pick(r, ['wechat', 'moments', 'link']) })],
      ['coupon_claim', (r) => pick(r, ['NEW10', 'VIP20', 'WEEKEND5'])],
      ['banner_click', () => undefined],
    ],
  },
  {
    appid: '__UNI__DEMO_NEWS',
    name: 'Demo news',
    devices: 1300,
    platforms: { web: 4, android: 4, ios: 3, 'mp-weixin': 3, 'mp-alipay': 1 },
    channels: ['official', 'huawei', 'xiaomi', 'appstore', 'vivo', 'baidu'],
    versions: [
      ['2.3.1', 400],
      ['2.4.0', 70],
      ['2.5.0', 30],
      ['2.5.1', 9],
    ],
    week: [1.15, 1.15, 1.1, 1.1, 1.05, 0.75, 0.7],
    web: 'https://news.example.com/',
    payRate: 0.004,
    pages: [
      { path: 'pages/feed/feed', title: 'Feed' },
      { path: 'pages/article/article', title: 'Article' },
      { path: 'pages/topic/topic', title: 'Topic' },
      { path: 'pages/video/video', title: 'Videos' },
      { path: 'pages/user/center', title: 'Me' },
    ],
    events: [
      ['read_article', (r) => ({ category: pick(r, ['tech', 'sports', 'finance', 'culture', 'world']) })],
      ['like', () => undefined],
      ['share', (r) => ({ to: pick(r, ['wechat', 'weibo', 'link']) })],
      ['subscribe', (r) => ({ topic: pick(r, ['ai', 'football', 'markets', 'travel']) })],
    ],
  },
  {
    appid: '__UNI__DEMO_TOOLS',
    name: 'Demo tools',
    devices: 450,
    platforms: { android: 5, ios: 3, harmony: 2 },
    channels: ['official', 'huawei', 'xiaomi', 'appstore', 'honor'],
    versions: [
      ['3.0.0', 400],
      ['3.1.0', 40],
    ],
    week: [1.2, 1.25, 1.2, 1.2, 1.1, 0.6, 0.55],
    web: 'https://tools.example.com/',
    payRate: 0.02,
    pages: [
      { path: 'pages/index/index', title: 'Tools' },
      { path: 'pages/convert/convert', title: 'Unit converter' },
      { path: 'pages/scan/scan', title: 'Scanner' },
      { path: 'pages/pdf/pdf', title: 'PDF' },
      { path: 'pages/settings/settings', title: 'Settings' },
    ],
    events: [
      ['convert', (r) => ({ from: pick(r, ['cm', 'kg', 'usd', 'c']), to: pick(r, ['inch', 'lb', 'cny', 'f']) })],
      ['scan_qr', () => undefined],
      ['export_pdf', (r) => ({ pages: 1 + Math.floor(r() * 20) })],
    ],
  },
];

/** weights of the hour of day a session starts, in the stats time zone (UTC+8) */
export const HOURS = [2, 1, 1, 1, 1, 2, 4, 7, 9, 10, 10, 9, 10, 9, 8, 8, 8, 8, 9, 11, 13, 13, 10, 5];
export const SCENES: Record<string, number> = { '1001': 5, '1089': 3, '1047': 2, '1011': 2, '1007': 1, '1036': 1 };
export const JS_ERRORS: Array<[string, string, number]> = [
  ["TypeError: Cannot read properties of undefined (reading 'price')", 'at renderGoods (pages/goods/detail.js:118:21)', 10],
  ['ReferenceError: wx is not defined', 'at share (common/share.js:12:5)', 4],
  ['NetworkError when attempting to fetch resource.', 'at request (common/http.js:40:11)', 6],
  ['SyntaxError: Unexpected token \'<\', "<!DOCTYPE " is not valid JSON', 'at JSON.parse (<anonymous>)\n    at load (common/http.js:52:20)', 2],
  ['RangeError: Maximum call stack size exceeded', 'at walk (common/tree.js:9:10)', 1],
];
export const CRASHES: Record<string, string[]> = {
  android: [
    'java.lang.NullPointerException: Attempt to invoke virtual method on a null object reference',
    'java.lang.OutOfMemoryError: Failed to allocate a 16777232 byte allocation',
  ],
  ios: [
    'EXC_BAD_ACCESS (SIGSEGV) KERN_INVALID_ADDRESS at 0x0000000000000010',
    'NSInvalidArgumentException: -[__NSCFString objectForKey:]: unrecognized selector',
  ],
  harmony: ['SIGSEGV (Address not mapped to object) in libace_napi.z.so'],
};
export const MODELS: Record<string, Array<[string, string, string]>> = {
  android: [
    ['Android 14', 'Xiaomi 14', '1080x2400'],
    ['Android 13', 'HUAWEI Mate 60', '1260x2720'],
    ['Android 12', 'OPPO Reno8', '1080x2412'],
  ],
  ios: [
    ['iOS 17.5', 'iPhone 15', '1179x2556'],
    ['iOS 16.7', 'iPhone 12', '1170x2532'],
    ['iPadOS 17.4', 'iPad Air', '1640x2360'],
  ],
  harmony: [['HarmonyOS 4.2', 'HUAWEI P60', '1220x2700']],
  web: [
    ['Windows', '', '1920x1080'],
    ['macOS', '', '1512x982'],
    ['Linux', '', '2560x1440'],
  ],
};
export const UA: Record<string, string> = {
  web: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  mobile: 'Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50',
};
