import { z } from "zod";

export const exportQuery = z.strictObject({
  format: z
    .enum(["stix", "misp"])
    .describe("`stix`: a STIX 2.1 bundle; `misp`: a MISP event (MISP core format)")
    .meta({ examples: ["stix"] }),
});

const stixObject = z.looseObject({ type: z.string(), id: z.string() });

export const stixBundleSchema = z
  .looseObject({
    type: z.literal("bundle"),
    id: z.string().describe("bundle--<uuid>"),
    objects: z
      .array(stixObject)
      .describe("Indicator, observed data and its observables, identities, relationships"),
  })
  .describe("A STIX 2.1 bundle")
  .meta({ id: "StixBundle" });

export const mispEventSchema = z
  .looseObject({
    Event: z.looseObject({
      uuid: z.string(),
      info: z.string(),
      date: z.string(),
      threat_level_id: z.string(),
      analysis: z.string(),
      Attribute: z.array(z.looseObject({ type: z.string(), category: z.string(), value: z.string() })),
      Tag: z.array(z.looseObject({ name: z.string() })),
    }),
  })
  .describe("A MISP event in the MISP core format")
  .meta({ id: "MispEvent" });

export const scanExportSchema = z.union([stixBundleSchema, mispEventSchema]);

export const harSchema = z
  .looseObject({
    log: z.looseObject({
      version: z.literal("1.2"),
      creator: z.looseObject({ name: z.string(), version: z.string() }),
      pages: z.array(z.looseObject({ id: z.string() })),
      entries: z.array(z.looseObject({ startedDateTime: z.string(), time: z.number() })),
    }),
  })
  .describe("An HTTP Archive (HAR) 1.2")
  .meta({ id: "Har" });

/** An HTML body, documented as such (sent as it is, never serialized). */
export const htmlResponse = z.unknown().meta({
  description: "The final DOM as HTML (an attachment; never rendered in the API's origin)",
  content: { "text/html": { schema: { type: "string" } } },
});
