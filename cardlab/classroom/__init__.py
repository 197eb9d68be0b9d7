"""Classroom rooms: learners play each other from their own browsers, the teacher watches.

``cardlab classroom`` (:mod:`cardlab.classroom.server`) serves every room of a class from one
process with Solara. The parts, one reason each:

- :mod:`.codes`: room codes and fresh, unguessable seeds;
- :mod:`.rooms`: a room, its game, its seats (people or computer players) and its lock;
- :mod:`.store`: the store interface and its SQLite implementation (a move log per room);
- :mod:`.redis_store`: the same store on Redis, shared by several server processes;
- :mod:`.tokens`: seat tokens and the teacher's secret;
- :mod:`.limits`: the limit on wrong room codes, per browser;
- :mod:`.classroom`: the running class: its rooms, restored from the store after a restart;
- :mod:`.app`: the Solara pages (a seat's table, the teacher's dashboard);
- :mod:`.web`: the plain pages and routes (the join page, the teacher's link);
- :mod:`.server`: the command that starts it all.

Only :mod:`.app`, :mod:`.web` and :mod:`.server` need the ``classroom`` extra.
"""
