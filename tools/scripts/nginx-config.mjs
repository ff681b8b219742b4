/**
 * The nginx configuration in front of several API processes (docs/operations.md shows it whole). The live
 * channel polls, so every request of one console must reach the same process: requests are hashed on the
 * console's id (`X-Console-Id`, sent by its live socket) and the client's address; other calls are
 * stateless and may go anywhere.
 */
export function nginxConfig({ port, upstreams, dir }) {
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
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen ${port};
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
