import { describe, expect, it } from "vitest";
import { nameSkeleton, romanizations, spellsLabel } from "./romanize.js";

const spells = (label: string, phrase: string) => romanizations(phrase).some((s) => spellsLabel(label, s));

describe("romanizations", () => {
  it("spells names of ten scripts the way host names romanize them", () => {
    expect(romanizations("별빛요가")).toEqual(["byeolbityoga"]);
    expect(romanizations("Μελισσώνας")).toEqual(["melissonas"]);
    expect(romanizations("Грядка")).toEqual(["gryadka"]);
    expect(romanizations("墨记手帐")).toEqual(["mojishouzhang"]);
    expect(romanizations("こもれび")).toEqual(["komorebi"]);
    expect(romanizations("キッチン")).toEqual(["kitchin"]);
    expect(romanizations("दफ़्तर")[0]).toMatch(/^dftr$/);
    expect(romanizations("دفتر الرحلات")).toEqual(["dftr alrhlat", "dftr rhlat"]);
    expect(romanizations("שוק הירקן")).toEqual(["shuk hyrkn"]);
  });

  it("gives nothing for a phrase in Latin letters", () => {
    expect(romanizations("Café Müller")).toEqual([]);
  });
});

describe("the name a host label spells", () => {
  it("matches a name in another script to the host label that romanizes it", () => {
    expect(spells("byeolbityoga", "별빛요가")).toBe(true);
    expect(spells("melissonas", "Μελισσώνας")).toBe(true);
    expect(spells("ekpaideftiriaargyri", "Εκπαιδευτήρια Αργύρη")).toBe(true);
    expect(spells("hryadka", "Грядка")).toBe(true);
    expect(spells("mojishouzhang", "墨记手帐")).toBe(true);
    expect(spells("daftarrihlat", "دفتر الرحلات")).toBe(true);
    expect(spells("shukhayarkan", "שוק הירקן")).toBe(true);
    expect(spells("qalam", "قلم")).toBe(true);
    expect(spells("chayi", "茶艺")).toBe(true);
    // A name inside a longer host label, as a Latin name would be.
    expect(spells("fishkaclub", "Фишка")).toBe(true);
  });

  it("matches a host that spells some of a longer name's words in their order", () => {
    expect(spells("marpeator", "מרפאת שיניים אור")).toBe(true);
    expect(spells("studioshalom", "סטודיו יוגה שלום")).toBe(true);
    expect(spells("ulybkaplyus", "Стоматология Улыбка Плюс")).toBe(true);
    // The name's first words, then the rest in another language (小林烘焙, "Xiaolin baking").
    expect(spells("xiaolinbakery", "小林烘焙工作室")).toBe(true);
    expect(spells("xiaomibakery", "小林烘焙工作室")).toBe(false);
    // Out of order, one word of three plus another name, or letters of no word: not the name.
    expect(spells("plyusulybka", "Стоматология Улыбка Плюс")).toBe(false);
    expect(spells("marpeatpaypal", "מרפאת שיניים אור")).toBe(false);
    expect(spells("secureverify", "Стоматология Улыбка Плюс")).toBe(false);
  });

  it("does not match another name, nor a short one by its consonants alone", () => {
    expect(spells("paypallogin", "Сбербанк Онлайн")).toBe(false);
    expect(spells("randomshop", "Магазин")).toBe(false);
    expect(spells("chaos", "茶艺")).toBe(false);
    expect(nameSkeleton("ekpaideftiria")).toBe(nameSkeleton("ekpaidevtiria"));
  });
});
