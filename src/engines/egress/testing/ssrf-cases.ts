/**
 * The SSRF battery's address literals: every notation of loopback, private, link-local, metadata, reserved
 * and unspecified addresses a URL can carry, with the egress reason the gate must refuse it with. Shared by
 * the gate's own battery (src/engines/egress/ssrf.test.ts) and the same battery through the browser
 * (src/engines/scan/capture/ssrf-battery.world.test.ts). `P` is the port of a loopback canary.
 */
export function literalSsrfCases(P: number): Array<[label: string, url: string, reason: string]> {
  return [
    ["plain loopback", `http://127.0.0.1:${P}/`, "blocked_loopback"],
    ["decimal", `http://2130706433:${P}/`, "blocked_loopback"],
    ["octal", `http://0177.0.0.1:${P}/`, "blocked_loopback"],
    ["whole octal", `http://017700000001:${P}/`, "blocked_loopback"],
    ["hex short", `http://0x7f.1:${P}/`, "blocked_loopback"],
    ["hex whole", `http://0x7f000001:${P}/`, "blocked_loopback"],
    ["short form", `http://127.1:${P}/`, "blocked_loopback"],
    ["mixed notation", `http://0177.0x0.0.1:${P}/`, "blocked_loopback"],
    ["leading zeros", `http://127.000.000.001:${P}/`, "blocked_loopback"],
    ["trailing dot", `http://127.0.0.1.:${P}/`, "blocked_loopback"],
    ["full-width digits", `http://１２７.０.０.１:${P}/`, "blocked_loopback"],
    ["IPv6 loopback", `http://[::1]:${P}/`, "blocked_loopback"],
    ["IPv4-mapped dotted", `http://[::ffff:127.0.0.1]:${P}/`, "blocked_loopback"],
    ["IPv4-mapped hex", `http://[::ffff:7f00:1]:${P}/`, "blocked_loopback"],
    ["IPv4-mapped expanded", `http://[0:0:0:0:0:ffff:7f00:1]:${P}/`, "blocked_loopback"],
    ["IPv4-compatible", `http://[::127.0.0.1]:${P}/`, "blocked_loopback"],
    ["NAT64", `http://[64:ff9b::7f00:1]:${P}/`, "blocked_loopback"],
    ["NAT64 dotted", `http://[64:ff9b::127.0.0.1]:${P}/`, "blocked_loopback"],
    ["NAT64 local-use", "http://[64:ff9b:1::a00:1]/", "blocked_private_address"],
    ["6to4", `http://[2002:7f00:1::]:${P}/`, "blocked_loopback"],
    ["IPv6 link-local", "http://[fe80::1]/", "blocked_link_local"],
    ["IPv6 unique-local", "http://[fc00::1]/", "blocked_private_address"],
    ["IPv6 site-local", "http://[fec0::1]/", "blocked_private_address"],
    ["IPv6 multicast", "http://[ff02::1]/", "blocked_multicast"],
    ["IPv6 unspecified", `http://[::]:${P}/`, "blocked_unspecified"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/", "blocked_metadata_address"],
    ["AWS IPv6 metadata", "http://[fd00:ec2::254]/latest/meta-data/", "blocked_metadata_address"],
    ["mapped metadata", "http://[::ffff:a9fe:a9fe]/", "blocked_metadata_address"],
    ["CGNAT", "http://100.64.0.1/", "blocked_private_address"],
    ["10/8", "http://10.0.0.1/", "blocked_private_address"],
    ["172.16/12", "http://172.16.0.1/", "blocked_private_address"],
    ["192.168/16", "http://192.168.0.1/", "blocked_private_address"],
    ["decimal private", "http://167772161/", "blocked_private_address"],
    ["0.0.0.0", `http://0.0.0.0:${P}/`, "blocked_unspecified"],
    ["bare 0", `http://0:${P}/`, "blocked_unspecified"],
    ["broadcast", "http://255.255.255.255/", "blocked_broadcast"],
    ["documentation range", "http://192.0.2.1/", "blocked_reserved_address"],
    ["benchmark range", "http://198.18.0.1/", "blocked_reserved_address"],
    ["reserved 240/4", "http://240.0.0.1/", "blocked_reserved_address"],
    ["localhost", `http://localhost:${P}/`, "blocked_loopback"],
    ["LOCALHOST with dot", `http://LOCALHOST.:${P}/`, "blocked_loopback"],
    ["*.localhost", `http://app.localhost:${P}/`, "blocked_loopback"],
  ];
}
