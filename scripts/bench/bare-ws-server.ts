// Baseline of the WebSocket memory benchmark: node:http + ws on the same path, nothing else.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => res.writeHead(req.url === '/healthz' ? 200 : 404).end());
const wss = new WebSocketServer({ server, path: '/api/socketio/new' });
wss.on('connection', (socket) => socket.on('error', () => socket.terminate()));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const client of wss.clients) client.terminate();
  server.close(() => process.exit(0));
});
