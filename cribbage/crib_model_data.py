"""Written by ``python -m cribbage.crib_model``: see ``crib_model``.

15,000 deals, seed 'crib-model-1'; the rounds of the settling:
  round 1: 30,000 throws changed, pair values moved 1.3231
  round 2: 2,139 throws changed, pair values moved 0.2090
  round 3: 747 throws changed, pair values moved 0.1549
  round 4: 484 throws changed, pair values moved 0.0992
  round 5: 343 throws changed, pair values moved 0.0788
  round 6: 259 throws changed, pair values moved 0.0525
  round 7: 195 throws changed, pair values moved 0.0461
  round 8: 131 throws changed, pair values moved 0.0268

Each entry is class:throws, how many of the deals' good throws were of that class.
"""

DEALS = 15000

DEALER = """
AA:178 A2s:66 A2o:266 A3s:90 A3o:312 A4s:83 A4o:272 A5s:19 A5o:45 A6s:30
A6o:77 A7s:30 A7o:117 A8s:33 A8o:89 A9s:28 A9o:69 ATs:25 ATo:57 AJs:22
AJo:53 AQs:22 AQo:73 AKs:33 AKo:97 22:205 23s:107 23o:403 24s:62 24o:209
25s:21 25o:69 26s:33 26o:103 27s:45 27o:155 28s:34 28o:109 29s:20 29o:90
2Ts:18 2To:73 2Js:18 2Jo:66 2Qs:27 2Qo:51 2Ks:23 2Ko:91 33:204 34s:73
34o:215 35s:34 35o:70 36s:29 36o:72 37s:39 37o:117 38s:34 38o:99 39s:34
39o:87 3Ts:24 3To:65 3Js:28 3Jo:55 3Qs:31 3Qo:58 3Ks:34 3Ko:83 44:166
45s:35 45o:82 46s:26 46o:40 47s:22 47o:79 48s:23 48o:57 49s:24 49o:48
4Ts:17 4To:46 4Js:11 4Jo:61 4Qs:22 4Qo:72 4Ks:37 4Ko:92 55:108 56s:33
56o:86 57s:32 57o:106 58s:26 58o:84 59s:21 59o:54 5Ts:58 5To:123 5Js:68
5Jo:182 5Qs:74 5Qo:197 5Ks:71 5Ko:200 66:137 67s:99 67o:287 68s:99 68o:274
69s:67 69o:301 6Ts:16 6To:49 6Js:13 6Jo:74 6Qs:24 6Qo:42 6Ks:16 6Ko:59
77:231 78s:123 78o:445 79s:93 79o:279 7Ts:17 7To:42 7Js:23 7Jo:60 7Qs:15
7Qo:66 7Ks:36 7Ko:74 88:218 89s:87 89o:271 8Ts:54 8To:131 8Js:18 8Jo:43
8Qs:19 8Qo:54 8Ks:15 8Ko:43 99:180 9Ts:66 9To:165 9Js:38 9Jo:86 9Qs:16
9Qo:40 9Ks:25 9Ko:52 TT:96 TJs:68 TJo:223 TQs:34 TQo:133 TKs:23 TKo:69
JJ:142 JQs:83 JQo:303 JKs:67 JKo:218 QQ:145 QKs:104 QKo:273 KK:151
"""

PONE = """
AA:41 A2s:50 A2o:215 A3s:34 A3o:137 A4s:13 A4o:88 A5s:6 A5o:14 A6s:35
A6o:134 A7s:49 A7o:230 A8s:54 A8o:230 A9s:68 A9o:221 ATs:73 ATo:217 AJs:47
AJo:166 AQs:71 AQo:331 AKs:94 AKo:347 22:32 23s:13 23o:27 24s:34 24o:124
25s:3 25o:15 26s:34 26o:126 27s:45 27o:178 28s:50 28o:208 29s:53 29o:233
2Ts:33 2To:144 2Js:32 2Jo:111 2Qs:45 2Qo:196 2Ks:54 2Ko:199 33:29 34s:19
34o:66 35s:2 35o:9 36s:42 36o:171 37s:34 37o:126 38s:44 38o:143 39s:46
39o:158 3Ts:33 3To:114 3Js:34 3Jo:112 3Qs:44 3Qo:158 3Ks:46 3Ko:194 44:22
45s:1 45o:3 46s:15 46o:57 47s:37 47o:143 48s:22 48o:128 49s:50 49o:147
4Ts:36 4To:136 4Js:25 4Jo:128 4Qs:42 4Qo:174 4Ks:48 4Ko:219 55:3 56s:1
56o:5 57s:4 57o:8 58s:5 58o:20 59s:0 59o:25 5Ts:4 5To:5 5Js:0
5Jo:8 5Qs:6 5Qo:9 5Ks:3 5Ko:6 66:25 67s:16 67o:50 68s:22 68o:117
69s:17 69o:59 6Ts:41 6To:184 6Js:26 6Jo:84 6Qs:53 6Qo:207 6Ks:81 6Ko:247
77:30 78s:5 78o:33 79s:38 79o:161 7Ts:48 7To:213 7Js:32 7Jo:97 7Qs:60
7Qo:283 7Ks:75 7Ko:331 88:53 89s:32 89o:124 8Ts:20 8To:72 8Js:61 8Jo:171
8Qs:61 8Qo:207 8Ks:88 8Ko:305 99:51 9Ts:9 9To:47 9Js:29 9Jo:107 9Qs:56
9Qo:259 9Ks:100 9Ko:310 TT:29 TJs:22 TJo:77 TQs:68 TQo:226 TKs:171 TKo:593
JJ:23 JQs:34 JQo:97 JKs:48 JKo:128 QQ:55 QKs:102 QKo:354 KK:53
"""
