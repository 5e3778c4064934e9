/**
 * Preloaded into umi dev by scripts/dev.mjs (NODE_OPTIONS=--require). umi 4.7.22's webpack
 * dev server calls server.listen(port) without a host, so it binds every interface whatever
 * HOST says, and its /api proxy would expose the dev API (demo accounts with known
 * passwords) to the network. Here a listen call that names no host gets HOST.
 */
const net = require('node:net');

const host = process.env.HOST;
if (host && host !== '0.0.0.0' && host !== '::') {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function listenOnHost(...args) {
    const [first] = args;
    if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      // listen(port[, host][, backlog][, callback])
      if (typeof args[1] !== 'string') args.splice(1, 0, host);
    } else if (first && typeof first === 'object' && !first.path && !first.host && !('fd' in first) && !('_handle' in first)) {
      args[0] = { ...first, host };
    }
    return listen.apply(this, args);
  };
}
