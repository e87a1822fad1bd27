// A play-platform bot on Cloudflare Workers: the secrets come with the request's env, so the
// handler is made on the first request. `wrangler secret put WEBHOOK_SECRET` (and
// WEBHOOK_PENDING_SECRET during a rotation), then `wrangler deploy`; `wrangler dev` reads .dev.vars.
import { createWebhookHandler } from 'dicechess-wasm/webhook';

let handler;
export default {
  fetch(request, env) {
    handler ??= createWebhookHandler({
      secret: env.WEBHOOK_SECRET,
      pendingSecret: env.WEBHOOK_PENDING_SECRET || undefined,
      bot: env.WEBHOOK_BOT || undefined,
    });
    return handler(request);
  },
};
