"""Written by ``python -m counter.cribbage.crib_model``: see ``crib_model``.

3,000 deals, seed 'crib-model-1'; the rounds of the settling:
  round 1: 6,000 throws changed, pair values moved 1.3569
  round 2: 431 throws changed, pair values moved 0.2107
  round 3: 129 throws changed, pair values moved 0.1288
  round 4: 112 throws changed, pair values moved 0.1114
  round 5: 76 throws changed, pair values moved 0.0885
  round 6: 87 throws changed, pair values moved 0.0825
  round 7: 63 throws changed, pair values moved 0.0570
  round 8: 59 throws changed, pair values moved 0.0443
  round 9: 31 throws changed, pair values moved 0.0239
  round 10: 22 throws changed, pair values moved 0.0235
  round 11: 14 throws changed, pair values moved 0.0213
  round 12: 16 throws changed, pair values moved 0.0244

Each entry is class:throws, how many of the deals' good throws were of that class.
"""

DEALER = """
AA:26 A2s:15 A2o:56 A3s:18 A3o:44 A4s:20 A4o:46 A5s:5 A5o:10 A6s:6
A6o:9 A7s:10 A7o:32 A8s:9 A8o:16 A9s:4 A9o:13 ATs:6 ATo:8 AJs:3
AJo:8 AQs:4 AQo:10 AKs:8 AKo:16 22:43 23s:26 23o:88 24s:12 24o:42
25s:4 25o:9 26s:7 26o:28 27s:7 27o:31 28s:8 28o:18 29s:7 29o:15
2Ts:2 2To:10 2Js:5 2Jo:17 2Qs:4 2Qo:9 2Ks:8 2Ko:14 33:37 34s:19
34o:49 35s:4 35o:14 36s:7 36o:8 37s:11 37o:22 38s:7 38o:18 39s:8
39o:11 3Ts:9 3To:15 3Js:5 3Jo:13 3Qs:10 3Qo:9 3Ks:10 3Ko:20 44:38
45s:5 45o:16 46s:2 46o:6 47s:7 47o:18 48s:7 48o:10 49s:7 49o:8
4Ts:3 4To:8 4Js:3 4Jo:11 4Qs:4 4Qo:19 4Ks:7 4Ko:22 55:27 56s:5
56o:19 57s:9 57o:20 58s:7 58o:17 59s:2 59o:10 5Ts:11 5To:30 5Js:16
5Jo:44 5Qs:15 5Qo:46 5Ks:16 5Ko:54 66:27 67s:18 67o:49 68s:20 68o:48
69s:14 69o:55 6Ts:1 6To:9 6Js:3 6Jo:14 6Qs:6 6Qo:5 6Ks:4 6Ko:21
77:43 78s:22 78o:100 79s:13 79o:65 7Ts:2 7To:9 7Js:8 7Jo:21 7Qs:4
7Qo:10 7Ks:8 7Ko:18 88:44 89s:12 89o:50 8Ts:11 8To:31 8Js:3 8Jo:8
8Qs:6 8Qo:11 8Ks:2 8Ko:7 99:32 9Ts:12 9To:20 9Js:8 9Jo:16 9Qs:4
9Qo:10 9Ks:6 9Ko:12 TT:15 TJs:10 TJo:40 TQs:11 TQo:31 TKs:1 TKo:15
JJ:26 JQs:16 JQo:52 JKs:14 JKo:49 QQ:31 QKs:15 QKo:48 KK:33
"""

PONE = """
AA:8 A2s:10 A2o:44 A3s:6 A3o:23 A4s:1 A4o:16 A5s:1 A5o:2 A6s:9
A6o:36 A7s:9 A7o:40 A8s:12 A8o:48 A9s:12 A9o:50 ATs:12 ATo:37 AJs:10
AJo:30 AQs:16 AQo:60 AKs:16 AKo:83 22:7 23s:3 23o:10 24s:8 24o:24
25s:1 25o:3 26s:5 26o:23 27s:7 27o:42 28s:9 28o:37 29s:9 29o:48
2Ts:7 2To:31 2Js:7 2Jo:22 2Qs:9 2Qo:40 2Ks:18 2Ko:39 33:7 34s:3
34o:9 35s:1 35o:1 36s:6 36o:31 37s:7 37o:19 38s:9 38o:28 39s:7
39o:26 3Ts:8 3To:20 3Js:4 3Jo:20 3Qs:13 3Qo:26 3Ks:11 3Ko:43 44:3
45s:0 45o:0 46s:2 46o:12 47s:4 47o:36 48s:5 48o:28 49s:6 49o:42
4Ts:8 4To:29 4Js:6 4Jo:28 4Qs:7 4Qo:39 4Ks:10 4Ko:39 55:1 56s:0
56o:0 57s:0 57o:1 58s:2 58o:4 59s:0 59o:8 5Ts:2 5To:1 5Js:0
5Jo:1 5Qs:1 5Qo:1 5Ks:1 5Ko:1 66:4 67s:3 67o:12 68s:4 68o:22
69s:3 69o:5 6Ts:9 6To:33 6Js:3 6Jo:14 6Qs:9 6Qo:45 6Ks:19 6Ko:42
77:7 78s:1 78o:6 79s:7 79o:31 7Ts:10 7To:40 7Js:7 7Jo:19 7Qs:13
7Qo:47 7Ks:14 7Ko:61 88:14 89s:6 89o:26 8Ts:6 8To:15 8Js:17 8Jo:28
8Qs:14 8Qo:42 8Ks:26 8Ko:55 99:7 9Ts:2 9To:9 9Js:3 9Jo:22 9Qs:9
9Qo:47 9Ks:25 9Ko:62 TT:3 TJs:2 TJo:19 TQs:12 TQo:60 TKs:42 TKo:131
JJ:3 JQs:9 JQo:18 JKs:9 JKo:16 QQ:12 QKs:16 QKo:84 KK:12
"""
