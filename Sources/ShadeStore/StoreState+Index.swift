import ShadeCore
import ShadeJSON

/// The id index: which week each id lives in, one shard file a run of 1024 ids.
extension StoreState {
    func shard(_ number: Int) throws(StoreError) -> [ISOWeek?] {
        if let cached = shards[number] { return cached }
        let file = paths.absolute(paths.idShardFile(number))
        // Identified before it is read: a file replaced in between is read again next time.
        let identity = cache != nil ? WeekCache.Identity.of(file) : nil
        if let identity, let cached = cache?.shard(number, identity: identity) {
            shards[number] = cached
            return cached
        }
        var entries: [ISOWeek?] = []
        if let bytes = try FileSystem.read(file) {
            let text = IDShardText(bytes: bytes, shard: number) { header in
                (try? decode(header, file: file) { value throws(StoreError) in
                    try IDShardDocument.decode(value, file: file, shard: number)
                }) != nil
            }
            if let text {
                entries = text.entries
                // Kept to write back (a cache's shards are written from their entries).
                if cache == nil { shardTexts[number] = text }
            } else {
                entries = try decode(bytes, file: file) { value throws(StoreError) in
                    try IDShardDocument.decode(value, file: file, shard: number)
                }
            }
        }
        shards[number] = entries
        if let identity { cache?.store(shard: number, identity: identity, entries: entries) }
        return entries
    }

    /// The entries of one id shard as its file holds them.
    func shardEntries(_ number: Int) throws(StoreError) -> [ISOWeek?] { try shard(number) }

    func weekOfTask(id: Int) throws(StoreError) -> ISOWeek? {
        let entries = try shard(id / StoreFormat.idsPerShard)
        let index = id % StoreFormat.idsPerShard
        return index < entries.count ? entries[index] : nil
    }

    func setWeek(_ week: ISOWeek?, forID id: Int) throws(StoreError) {
        let number = id / StoreFormat.idsPerShard
        let index = id % StoreFormat.idsPerShard
        let count = try shard(number).count
        if count <= index {
            shards[number, default: []].append(contentsOf: repeatElement(nil, count: index + 1 - count))
        }
        shards[number, default: []][index] = week
        dirtyShards.insert(number)
    }
}
