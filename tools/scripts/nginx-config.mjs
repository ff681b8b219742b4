/**
 * The nginx configuration in front of several API processes (docs/operations.md shows it whole). The live
 * channel polls, so every request of one console must reach the same process: requests are hashed on the
 * console's id (`X-Console-Id`, sent by its live socket) and the client's address; other calls are
 * stateless and may go anywhere. `down`: upstreams whose GET /readyz answers 503 (taken out until it answers 200;
 * open-source nginx has no active health check, so `npm run cluster` watches /readyz and reloads nginx). A process's
 * /metrics is scraped from the process itself, never through the front door. No passive failure count
 * (`max_fails=0`): a call a process refuses (connection refused, a 503 while its store is away) is tried on the next
 * one, and when every process answers 503 that answer reaches the client, not a 502 "no live upstreams".
 */
export function nginxConfig({ port, upstreams, dir, down = new Set() }) {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 12m;
  upstream equipment_dashboard {
    hash "$http_x_console_id$remote_addr" consistent;
${upstreams.map((u) => `    server ${u} max_fails=0${down.has(u) ? ' down' : ''};`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen ${port};
    location = /metrics { return 404; }
    location / {
      proxy_pass http://equipment_dashboard;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_read_timeout 60s;
      proxy_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}
