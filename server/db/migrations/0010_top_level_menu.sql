-- Every site has its "Top level menu" (SPEC 3, 7): an empty site starts with it, so the admin can
-- put the first page in it from admin/menu. The demo seed and the tests find it instead of making it.
INSERT INTO "menus" ("name") VALUES ('Top level menu') ON CONFLICT ("name") DO NOTHING;
