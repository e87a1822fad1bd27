// A play-platform bot on Bun: the webhook handler is Bun.serve's fetch.
//   WEBHOOK_SECRET=… bun bun.mjs
import { createWebhookHandler } from 'dicechess-wasm/webhook';

const handler = createWebhookHandler({
  secret: process.env.WEBHOOK_SECRET,
  pendingSecret: process.env.WEBHOOK_PENDING_SECRET || undefined,
  bot: process.env.WEBHOOK_BOT || undefined,
});
Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT ?? 8000), fetch: handler });
console.log('listening');
