// The container's HEALTHCHECK (see the Dockerfile): healthy while GET /api/ready
// answers 200, that is, while the server answers and its database does too.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
