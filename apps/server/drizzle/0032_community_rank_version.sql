CREATE TABLE "community_rank_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
