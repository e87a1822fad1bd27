// A play-platform bot on Deno (and Deno Deploy): the webhook handler is Deno.serve's handler.
//   WEBHOOK_SECRET=… deno run --allow-net --allow-env --allow-read deno.mjs
// (--allow-read lets the package read its .wasm from node_modules; on Deno Deploy import
// "npm:dicechess-wasm/webhook" instead.)
import { createWebhookHandler } from 'dicechess-wasm/webhook';

const handler = createWebhookHandler({
  secret: Deno.env.get('WEBHOOK_SECRET'),
  pendingSecret: Deno.env.get('WEBHOOK_PENDING_SECRET') || undefined,
  bot: Deno.env.get('WEBHOOK_BOT') || undefined,
});
Deno.serve({ hostname: '127.0.0.1', port: Number(Deno.env.get('PORT') ?? 8000) }, handler);
