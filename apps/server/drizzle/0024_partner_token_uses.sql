CREATE TABLE "partner_token_uses" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "partner_token_uses_expires" ON "partner_token_uses" USING btree ("expires_at");