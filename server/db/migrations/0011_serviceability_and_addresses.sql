-- Delivery promise and address book (issue 14, decisions/021).
-- Where the shop delivers: inclusive PIN ranges that never overlap (the exclusion constraint), each
-- with its state, a city where the range is one, working days from the dispatch point and whether
-- cash on delivery is offered.
CREATE TABLE "serviceability_ranges" (
	"id" text PRIMARY KEY NOT NULL,
	"pin_from" integer NOT NULL,
	"pin_to" integer NOT NULL,
	"state" text NOT NULL,
	"city" text,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"cod" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serviceability_ranges_pin_check" CHECK ("serviceability_ranges"."pin_from" between 100000 and 999999 and "serviceability_ranges"."pin_to" between "serviceability_ranges"."pin_from" and 999999),
	CONSTRAINT "serviceability_ranges_days_check" CHECK ("serviceability_ranges"."min_days" between 0 and 60 and "serviceability_ranges"."max_days" between "serviceability_ranges"."min_days" and 60)
);
--> statement-breakpoint
ALTER TABLE "serviceability_ranges" ADD CONSTRAINT "serviceability_ranges_no_overlap" EXCLUDE USING gist (int4range("pin_from", "pin_to", '[]') WITH &&);
--> statement-breakpoint
CREATE INDEX "serviceability_ranges_from_idx" ON "serviceability_ranges" USING btree ("pin_from");
--> statement-breakpoint
-- The demo: every state and union territory by the PIN's leading digits (postal circles), metros
-- 1-3 working days from the Bengaluru dispatch point, the rest 3-7, the North East and the islands
-- 6-10; no cash on delivery on the islands, Ladakh and the remotest North East. Admins replace it
-- at /admin/serviceability (CSV).
INSERT INTO "serviceability_ranges" ("id", "pin_from", "pin_to", "state", "city", "min_days", "max_days", "cod") VALUES
	('seed-pin-001', 110001, 110099, 'Delhi', 'New Delhi', 2, 3, true),
	('seed-pin-002', 121000, 121999, 'Haryana', 'Faridabad', 2, 3, true),
	('seed-pin-003', 122000, 122099, 'Haryana', 'Gurugram', 2, 3, true),
	('seed-pin-004', 122100, 136999, 'Haryana', NULL, 4, 5, true),
	('seed-pin-005', 140000, 159999, 'Punjab', NULL, 4, 6, true),
	('seed-pin-006', 160000, 160103, 'Chandigarh', 'Chandigarh', 3, 4, true),
	('seed-pin-007', 160104, 169999, 'Punjab', NULL, 4, 6, true),
	('seed-pin-008', 170000, 177999, 'Himachal Pradesh', NULL, 5, 7, true),
	('seed-pin-009', 180000, 193999, 'Jammu and Kashmir', NULL, 6, 8, true),
	('seed-pin-010', 194000, 194999, 'Ladakh', 'Leh', 8, 10, false),
	('seed-pin-011', 200000, 201299, 'Uttar Pradesh', NULL, 4, 6, true),
	('seed-pin-012', 201300, 201399, 'Uttar Pradesh', 'Noida', 2, 3, true),
	('seed-pin-013', 201400, 225999, 'Uttar Pradesh', NULL, 4, 6, true),
	('seed-pin-014', 226000, 226099, 'Uttar Pradesh', 'Lucknow', 3, 4, true),
	('seed-pin-015', 226100, 245999, 'Uttar Pradesh', NULL, 4, 6, true),
	('seed-pin-016', 246000, 247999, 'Uttarakhand', NULL, 5, 7, true),
	('seed-pin-017', 248000, 248199, 'Uttarakhand', 'Dehradun', 3, 5, true),
	('seed-pin-018', 248200, 249999, 'Uttarakhand', NULL, 5, 7, true),
	('seed-pin-019', 250000, 262499, 'Uttar Pradesh', NULL, 4, 6, true),
	('seed-pin-020', 262500, 263999, 'Uttarakhand', NULL, 5, 7, true),
	('seed-pin-021', 264000, 285999, 'Uttar Pradesh', NULL, 4, 6, true),
	('seed-pin-022', 300000, 301999, 'Rajasthan', NULL, 4, 6, true),
	('seed-pin-023', 302000, 302099, 'Rajasthan', 'Jaipur', 3, 4, true),
	('seed-pin-024', 302100, 345999, 'Rajasthan', NULL, 4, 6, true),
	('seed-pin-025', 360000, 362519, 'Gujarat', NULL, 4, 5, true),
	('seed-pin-026', 362520, 362529, 'Dadra and Nagar Haveli and Daman and Diu', 'Diu', 6, 8, true),
	('seed-pin-027', 362530, 379999, 'Gujarat', NULL, 4, 5, true),
	('seed-pin-028', 380000, 380099, 'Gujarat', 'Ahmedabad', 3, 4, true),
	('seed-pin-029', 380100, 396209, 'Gujarat', NULL, 4, 5, true),
	('seed-pin-030', 396210, 396220, 'Dadra and Nagar Haveli and Daman and Diu', 'Daman', 5, 7, true),
	('seed-pin-031', 396221, 396229, 'Gujarat', NULL, 4, 5, true),
	('seed-pin-032', 396230, 396240, 'Dadra and Nagar Haveli and Daman and Diu', 'Silvassa', 5, 7, true),
	('seed-pin-033', 396241, 396999, 'Gujarat', NULL, 4, 5, true),
	('seed-pin-034', 400000, 400104, 'Maharashtra', 'Mumbai', 2, 3, true),
	('seed-pin-035', 400105, 402999, 'Maharashtra', NULL, 3, 5, true),
	('seed-pin-036', 403000, 403999, 'Goa', NULL, 4, 5, true),
	('seed-pin-037', 404000, 410999, 'Maharashtra', NULL, 3, 5, true),
	('seed-pin-038', 411000, 411062, 'Maharashtra', 'Pune', 2, 3, true),
	('seed-pin-039', 411063, 445999, 'Maharashtra', NULL, 4, 6, true),
	('seed-pin-040', 450000, 451999, 'Madhya Pradesh', NULL, 4, 6, true),
	('seed-pin-041', 452000, 452020, 'Madhya Pradesh', 'Indore', 3, 4, true),
	('seed-pin-042', 452021, 461999, 'Madhya Pradesh', NULL, 4, 6, true),
	('seed-pin-043', 462000, 462047, 'Madhya Pradesh', 'Bhopal', 3, 4, true),
	('seed-pin-044', 462048, 488999, 'Madhya Pradesh', NULL, 4, 6, true),
	('seed-pin-045', 490000, 497999, 'Chhattisgarh', NULL, 5, 7, true),
	('seed-pin-046', 500000, 500100, 'Telangana', 'Hyderabad', 2, 3, true),
	('seed-pin-047', 500101, 509999, 'Telangana', NULL, 3, 5, true),
	('seed-pin-048', 510000, 533463, 'Andhra Pradesh', NULL, 3, 5, true),
	('seed-pin-049', 533464, 533464, 'Puducherry', 'Yanam', 5, 7, true),
	('seed-pin-050', 533465, 535999, 'Andhra Pradesh', NULL, 3, 5, true),
	('seed-pin-051', 560000, 560110, 'Karnataka', 'Bengaluru', 1, 2, true),
	('seed-pin-052', 560111, 591999, 'Karnataka', NULL, 3, 5, true),
	('seed-pin-053', 600000, 600130, 'Tamil Nadu', 'Chennai', 2, 3, true),
	('seed-pin-054', 600131, 604999, 'Tamil Nadu', NULL, 3, 5, true),
	('seed-pin-055', 605000, 605110, 'Puducherry', 'Puducherry', 3, 4, true),
	('seed-pin-056', 605111, 609601, 'Tamil Nadu', NULL, 3, 5, true),
	('seed-pin-057', 609602, 609609, 'Puducherry', 'Karaikal', 4, 5, true),
	('seed-pin-058', 609610, 643999, 'Tamil Nadu', NULL, 3, 5, true),
	('seed-pin-059', 670000, 673309, 'Kerala', NULL, 4, 5, true),
	('seed-pin-060', 673310, 673310, 'Puducherry', 'Mahe', 4, 6, true),
	('seed-pin-061', 673311, 681999, 'Kerala', NULL, 4, 5, true),
	('seed-pin-062', 682000, 682099, 'Kerala', 'Kochi', 3, 4, true),
	('seed-pin-063', 682100, 682550, 'Kerala', NULL, 4, 5, true),
	('seed-pin-064', 682551, 682559, 'Lakshadweep', NULL, 8, 10, false),
	('seed-pin-065', 682560, 695999, 'Kerala', NULL, 4, 5, true),
	('seed-pin-066', 700000, 700160, 'West Bengal', 'Kolkata', 2, 3, true),
	('seed-pin-067', 700161, 737099, 'West Bengal', NULL, 4, 6, true),
	('seed-pin-068', 737100, 737199, 'Sikkim', NULL, 6, 8, true),
	('seed-pin-069', 737200, 743999, 'West Bengal', NULL, 4, 6, true),
	('seed-pin-070', 744000, 744999, 'Andaman and Nicobar Islands', NULL, 8, 10, false),
	('seed-pin-071', 750000, 750999, 'Odisha', NULL, 5, 7, true),
	('seed-pin-072', 751000, 751030, 'Odisha', 'Bhubaneswar', 3, 5, true),
	('seed-pin-073', 751031, 779999, 'Odisha', NULL, 5, 7, true),
	('seed-pin-074', 780000, 780999, 'Assam', NULL, 6, 8, true),
	('seed-pin-075', 781000, 781040, 'Assam', 'Guwahati', 5, 6, true),
	('seed-pin-076', 781041, 789999, 'Assam', NULL, 6, 8, true),
	('seed-pin-077', 790000, 792999, 'Arunachal Pradesh', NULL, 8, 10, false),
	('seed-pin-078', 793000, 794999, 'Meghalaya', NULL, 7, 9, true),
	('seed-pin-079', 795000, 795999, 'Manipur', NULL, 8, 10, false),
	('seed-pin-080', 796000, 796999, 'Mizoram', NULL, 8, 10, false),
	('seed-pin-081', 797000, 798999, 'Nagaland', NULL, 8, 10, true),
	('seed-pin-082', 799000, 799999, 'Tripura', NULL, 7, 9, true),
	('seed-pin-083', 800000, 800030, 'Bihar', 'Patna', 3, 5, true),
	('seed-pin-084', 800031, 812999, 'Bihar', NULL, 5, 7, true),
	('seed-pin-085', 813000, 835999, 'Jharkhand', NULL, 5, 7, true),
	('seed-pin-086', 840000, 855999, 'Bihar', NULL, 5, 7, true);
--> statement-breakpoint
-- A customer's saved delivery addresses (India only); at most one default each.
CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"landmark" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";
