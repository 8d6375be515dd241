// zod/mini: the product page's review form validates with this schema in the browser too.
import * as z from "zod/mini";

const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";
const COMMENT_MAX = 2000;

/** Form posts send "4"; JSON clients send 4. Absent or empty means the default of five stars. */
const rating = z.pipe(
  z.transform((value: unknown) => {
    if (value === undefined || value === null) return 5;
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return 5;
    return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }),
  z
    .number({ error: RATING_MESSAGE })
    .check(z.int(RATING_MESSAGE), z.minimum(1, RATING_MESSAGE), z.maximum(5, RATING_MESSAGE)),
);

const comment = z
  .string({ error: "Comment is required" })
  .check(
    z.trim(),
    z.minLength(1, "Comment is required"),
    z.maxLength(COMMENT_MAX, `Comment is too long (${COMMENT_MAX} characters at most)`),
    z.regex(/^[^\u0000]*$/, "Comment contains characters that are not allowed"),
  );

export const reviewSchema = z.object({ rating, comment });

export type ReviewInput = z.infer<typeof reviewSchema>;
