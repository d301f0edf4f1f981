ALTER TABLE "users" ALTER COLUMN "casino_sw" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "casino_sw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "lottery_sw" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "lottery_sw" DROP NOT NULL;--> statement-breakpoint
-- No member had switches of their own before the members desk could set them: 0 was the old
-- default, and now NULL follows the site default.
UPDATE "users" SET "casino_sw" = NULL WHERE "casino_sw" = 0;--> statement-breakpoint
UPDATE "users" SET "lottery_sw" = NULL WHERE "lottery_sw" = 0;
