import { describe, expect, it } from "vitest";
import { savedCapture } from "./agents/testing/fixture-scan.js";
import { analyzeScan } from "./analyze.js";
import type { ScanReport } from "./types.js";

/** A saved page analysed offline (no vision), as `domainlens analyze --no-render` does. */
function analyze(url: string, title: string, body: string, lang = "en"): Promise<ScanReport> {
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
  return analyzeScan(
    { capture: savedCapture(url, html), artifacts: { viewport: null, fullPage: null } },
    { vision: null, rankLookup: false },
  );
}

const codes = (report: ScanReport) => report.evidence_findings.map((f) => f.finding_id);
const flagged = (report: ScanReport) => ["Malicious", "Suspicious"].includes(report.final_assessment);

describe("scams that ask for no password", () => {
  it("names a game-currency generator behind a human verification", async () => {
    const report = await analyze(
      "https://rbx-free-gen.netlify.app/",
      "Free Robux Generator 2026",
      `<h1>Robux Generator</h1><p>Enter your username and pick an amount.</p>
       <input name="username" placeholder="Roblox username">
       <button>1,000 Robux</button><button>5,000 Robux</button><button>10,000 Robux</button>
       <p>Human verification required: complete one short offer to receive your Robux.</p>`,
    );
    expect(report.final_assessment).toBe("Malicious");
    expect(report.threat_type).toBe("Scam / Fake Generator");
    expect(codes(report)).toContain("CON-042");
    expect(report.site_context?.apparent_purpose).toMatch(/generator/i);
    expect(report.executive_summary).toMatch(/human verification/);
  });

  it("names a generator in French with a human verification", async () => {
    const report = await analyze(
      "https://gemmes-brawl-gratuit.lovable.app/",
      "Brawl Stars Gemmes Gratuites 2026 – Générateur en ligne",
      `<h1>Gemmes gratuites</h1><p>Entrez votre pseudo, choisissez 170, 500 ou 950 gemmes.</p>
       <p>Vérification humaine requise avant l'envoi.</p>`,
      "fr",
    );
    expect(report.threat_type).toBe("Scam / Fake Generator");
  });

  it("names a dating lure in German", async () => {
    const report = await analyze(
      "https://flows-integer-passenger-tier.trycloudflare.com/lena26",
      "Lena (26) hat dir eine private Nachricht geschickt",
      `<h1>Lena, 26</h1><p>Ich hab dir ein privates Foto geschickt, nur für dich.</p>
       <p>Bist du mindestens 18 Jahre alt?</p><button>Ja, ich bin über 18</button>
       <p>17 Frauen in deiner Nähe sind gerade online</p>`,
      "de",
    );
    expect(report.threat_type).toBe("Scam / Invitation or Dating Lure");
  });

  it("leaves a page that warns about generators alone", async () => {
    const report = await analyze(
      "https://blockwiki-fans.org/wiki/Scams",
      "Scams - Blockwiki",
      `<h1>Robux generators</h1><p>Free Robux generators are scams: the human verification step only makes
       the scammer money. Beware of any site that asks you to complete offers.</p>`,
    );
    expect(codes(report)).not.toContain("CON-042");
    expect(flagged(report)).toBe(false);
  });

  it("leaves a store that sells game currency at prices alone", async () => {
    const report = await analyze(
      "https://topup.brightgem-games.com.br/",
      "Recarga de diamantes",
      `<h1>Diamantes grátis de bônus em toda recarga</h1><input name="player_id" placeholder="ID do jogador">
       <button>100 diamantes R$ 4,90</button><button>310 diamantes R$ 14,90</button>`,
      "pt",
    );
    expect(codes(report)).not.toContain("CON-042");
  });

  it("does not call a vendor's own support page with its phone number a scam", async () => {
    const report = await analyzeScan(
      {
        capture: savedCapture(
          "https://support.microsoft.com/contactus",
          `<!DOCTYPE html><html><head><title>Contact Microsoft Support</title></head><body><h1>Is your PC infected?</h1>
           <p>If your computer is infected with a virus, call Microsoft Support at 1-800-642-7676.</p></body></html>`,
        ),
        artifacts: { viewport: null, fullPage: null },
      },
      { vision: null },
    );
    expect(report.final_assessment).toBe("Benign");
  });

  it("names a send-to-receive crypto giveaway", async () => {
    const report = await analyze(
      "https://tesla-event-2x.live/",
      "Official 5,000 BTC Giveaway",
      `<h1>Biggest crypto giveaway</h1><p>To participate, send from 0.1 to 20 BTC to the address below and
       receive 2X back instantly.</p><p>Address: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh</p>`,
    );
    expect(report.final_assessment).toBe("Malicious");
    expect(report.threat_type).toBe("Scam / Fake Giveaway");
    expect(codes(report)).toContain("CON-043");
  });

  it("names a prize whose winner pays the shipping by card, and not a sweepstakes with its rules", async () => {
    const prize = await analyze(
      "https://winner-reward-center.xyz/claim",
      "Congratulations!",
      `<h1>Congratulations, you have been selected!</h1><p>Claim your iPhone 16 Pro today. Just pay shipping of
       $1.95.</p><form action="pay.php" method="post"><input name="cardnumber" autocomplete="cc-number">
       <input name="cvv" autocomplete="cc-csc"><input name="exp" autocomplete="cc-exp"><button>Pay</button></form>`,
    );
    expect(flagged(prize)).toBe(true);
    expect(prize.threat_type).toBe("Scam / Fake Giveaway");
    const rules = await analyze(
      "https://summer-sweeps.fernway-grocers.com/enter",
      "Summer Sweepstakes",
      `<h1>Enter to win a summer of groceries</h1><p>Congratulations to last year's winners! No purchase
       necessary. See the official rules.</p><form action="/enter" method="post"><input name="name">
       <input type="email" name="email"><button>Enter</button></form>`,
    );
    expect(codes(rules)).not.toContain("CON-043");
    expect(flagged(rules)).toBe(false);
  });

  it("names a tech-support alert with a number to call, in English and French", async () => {
    const english = await analyze(
      "http://win-defender-alert.pages.dev/",
      "Security Warning",
      `<h1>Windows Defender - Security Warning</h1><p>Your computer has been locked. Trojan spyware detected.</p>
       <p>Call Microsoft Support immediately: +1 (844) 555-0182</p><p>Do not close this window or restart.</p>
       <script>document.documentElement.requestFullscreen();window.onbeforeunload = () => "stay";</script>`,
    );
    expect(english.final_assessment).toBe("Malicious");
    expect(english.threat_type).toBe("Scam / Tech Support");
    expect(codes(english)).toContain("CON-044");
    const french = await analyze(
      "http://185.12.44.9/alerte/",
      "Alerte de sécurité",
      `<h1>Alerte de sécurité</h1><p>Votre ordinateur a été bloqué suite à une activité suspecte.</p>
       <p>Appelez le support technique au 09 70 55 01 82</p>`,
      "fr",
    );
    expect(french.threat_type).toBe("Scam / Tech Support");
  });

  it("leaves a support page with a phone number and no alarm alone", async () => {
    const report = await analyze(
      "https://www.brightline-broadband.net/support",
      "Support | Brightline Broadband",
      `<h1>Brightline Broadband support</h1><p>Internet down? Check the outage map, or call us at
       1-800-555-0123, 24/7.</p>`,
    );
    expect(codes(report)).not.toContain("CON-044");
    expect(flagged(report)).toBe(false);
  });

  it("leaves a repair shop that warns about «virus détecté» calls alone, in French and German", async () => {
    const french = await analyze(
      "https://www.depannage-pc-lemoine.fr/suivi",
      "Suivi de réparation – Dépannage PC Lemoine",
      `<h1>Suivi de votre réparation</h1><p>Une question ? Appelez-nous au 02 40 55 01 82.</p>
       <p>Aucun technicien de Dépannage PC Lemoine ne vous contactera spontanément pour un « virus détecté ».</p>`,
      "fr",
    );
    expect(codes(french)).not.toContain("CON-044");
    const german = await analyze(
      "https://www.pc-hilfe-brandt.de/",
      "PC-Hilfe Brandt",
      `<h1>PC-Hilfe Brandt</h1><p>Rufen Sie uns an: 030 5550 1822.</p>
       <p>Wir rufen Sie niemals wegen eines angeblich erkannten Virus an: Virus erkannt-Anrufe sind Betrug.</p>`,
      "de",
    );
    expect(codes(german)).not.toContain("CON-044");
  });

  it("names a messaging-group invitation that asks for the phone number and code", async () => {
    const report = await analyze(
      "https://join-official-group.web.app/",
      "WhatsApp Group Invite",
      `<h1>WhatsApp</h1><p>Anna invited you to join the official VIP group "Crypto Signals 2026".</p>
       <form action="verify.php" method="post"><input type="tel" name="phone" placeholder="Phone number">
       <input name="code" placeholder="6-digit code" maxlength="6"><button>Join group</button></form>`,
    );
    expect(report.final_assessment).toBe("Malicious");
    expect(report.threat_type).toBe("Scam / Invitation or Dating Lure");
    expect(codes(report)).toContain("CON-045");
  });

  it("calls a card-only form under a brand payment card theft", async () => {
    const report = await analyze(
      "https://royalmail-redelivery-fee.com/pay",
      "Royal Mail - Redelivery",
      `<h1>Royal Mail</h1><p>Your parcel is on hold. Pay the redelivery fee of £1.45.</p>
       <form action="send.php" method="post"><input name="cc" autocomplete="cc-number" placeholder="Card number">
       <input name="cvv" autocomplete="cc-csc" placeholder="CVV"><button>Pay</button></form>`,
    );
    expect(report.final_assessment).toBe("Malicious");
    expect(report.threat_type).toBe("Phishing / Payment Card Theft");
  });
});
