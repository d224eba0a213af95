// Preloaded (node --require) into a child process and, through its execArgv, into every worker thread:
// records and refuses every attempt to reach the network (TCP connect, DNS lookup, fetch). Local IPC
// (Unix socket paths) stays allowed. The log file is NET_LOG.
const net = require("node:net");
const dns = require("node:dns");
const { appendFileSync } = require("node:fs");
const { threadId } = require("node:worker_threads");

const log = process.env.NET_LOG;
function refuse(what) {
  if (log) appendFileSync(log, `thread ${threadId}: ${what}\n`);
  throw new Error(`network disabled in this test: ${what}`);
}
function isLocalPath(options) {
  return typeof options === "string" || (options && typeof options === "object" && "path" in options);
}
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (isLocalPath(first)) return connect.apply(this, args);
  return refuse(`connect ${JSON.stringify(first)}`);
};
dns.lookup = (host) => refuse(`dns lookup ${host}`);
dns.promises.lookup = async (host) => refuse(`dns lookup ${host}`);
if (typeof globalThis.fetch === "function") globalThis.fetch = async (url) => refuse(`fetch ${String(url)}`);
