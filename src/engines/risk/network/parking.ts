import { readFile } from "node:fs/promises";
import { dataFileUrl } from "../../data-files.js";

/** data/lists/parking-ns.txt: name-server domains of parking and for-sale services. */
const SHIPPED_LIST = dataFileUrl("lists/parking-ns.txt");

export type ParkingList = ReadonlySet<string>;

function clean(name: string): string {
  return name.trim().toLowerCase().replace(/\.+$/, "");
}

/** One entry a line; `#` starts a comment. */
export function parseParkingList(text: string): ParkingList {
  const entries = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const entry = clean(line.replace(/#.*/, ""));
    if (entry) entries.add(entry);
  }
  return entries;
}

let shipped: Promise<ParkingList> | undefined;

/** The shipped list, read once per process; an unreadable file gives an empty list. */
export function shippedParkingList(): Promise<ParkingList> {
  shipped ??= readFile(SHIPPED_LIST, "utf8").then(parseParkingList, () => new Set<string>());
  return shipped;
}

/** The entry a name server falls under (itself or a parent domain), or null. */
function entryFor(list: ParkingList, nameServer: string): string | null {
  const labels = clean(nameServer).split(".");
  for (let i = 0; i < labels.length - 1; i += 1) {
    const candidate = labels.slice(i).join(".");
    if (list.has(candidate)) return candidate;
  }
  return null;
}

/** The parking provider when any name server is on the list, with the name servers that matched. */
export function matchParking(
  list: ParkingList,
  nameServers: readonly string[],
): { provider: string; nameServers: string[] } | null {
  let provider: string | null = null;
  const matched: string[] = [];
  for (const nameServer of nameServers) {
    const entry = entryFor(list, nameServer);
    if (!entry) continue;
    provider ??= entry;
    matched.push(clean(nameServer));
  }
  return provider ? { provider, nameServers: matched } : null;
}
