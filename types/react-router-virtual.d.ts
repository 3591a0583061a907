// The server build React Router's Vite plugin provides to server/app.ts (a ServerBuild's exports).
declare module "virtual:react-router/server-build" {}
