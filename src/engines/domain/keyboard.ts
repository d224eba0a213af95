const ROWS = ["1234567890-", "qwertyuiop", "asdfghjkl", "zxcvbnm"];

function buildNeighbours(): Map<string, Set<string>> {
  const neighbours = new Map<string, Set<string>>();
  const at = (row: number, column: number): string | undefined => ROWS[row]?.[column];
  ROWS.forEach((keys, row) => {
    for (let column = 0; column < keys.length; column++) {
      const key = keys[column];
      if (key === undefined) continue;
      const around = [
        at(row, column - 1),
        at(row, column + 1),
        at(row - 1, column),
        at(row - 1, column + 1),
        at(row + 1, column),
        at(row + 1, column - 1),
      ];
      neighbours.set(key, new Set(around.filter((k): k is string => k !== undefined)));
    }
  });
  return neighbours;
}

const NEIGHBOURS = buildNeighbours();

/** Whether two keys sit next to each other on a QWERTY keyboard. */
export function areKeyboardNeighbours(a: string, b: string): boolean {
  return NEIGHBOURS.get(a)?.has(b) ?? false;
}

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);

export function isVowel(char: string): boolean {
  return VOWELS.has(char);
}

const HOST_CHAR = /^[a-z0-9-]$/;

/** Whether `b` is `a` with one bit flipped, and both are characters allowed in a host name. */
export function isBitFlip(a: string, b: string): boolean {
  if (!HOST_CHAR.test(a) || !HOST_CHAR.test(b)) return false;
  const x = a.charCodeAt(0) ^ b.charCodeAt(0);
  return x !== 0 && (x & (x - 1)) === 0;
}
