// A play-platform bot on a Node server: the webhook handler over Node's http through
// toNodeListener, its searches in a worker pool (one engine per core), so that the turns of
// concurrent games search side by side instead of queueing.
//   WEBHOOK_SECRET=… node node.mjs
import { createServer } from 'node:http';
import { createWebhookHandler, toNodeListener } from 'dicechess-wasm/webhook';
import { createWorkerPool } from 'dicechess-wasm/worker-pool';

const handler = createWebhookHandler({
  secret: process.env.WEBHOOK_SECRET,
  pendingSecret: process.env.WEBHOOK_PENDING_SECRET || undefined,
  bot: process.env.WEBHOOK_BOT || undefined,
  engine: createWorkerPool(),
});
createServer(toNodeListener(handler)).listen(Number(process.env.PORT ?? 8000), '127.0.0.1', () => console.log('listening'));
